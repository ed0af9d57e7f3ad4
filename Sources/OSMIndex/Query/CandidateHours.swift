import OSMModel
import VenuesCore

/// The opening hours of a prefiltered walk's candidates (``OSMIndexReader``), read from the row
/// the candidate is checked with: each distinct `opening_hours` value numbered once, and for
/// each number the venue a prefilter that reads only hours judges in place of every candidate
/// with that value (moved to the candidate's position). A filter on hours then never decodes
/// the rows of the venues it leaves out, and makes one venue per value, not one per venue.
///
/// A stand-in has the first candidate's id and the name "-": a prefilter that reads only hours
/// judges a venue by its hours and position (``VenuePrefilter/readsHoursOnly``). A value whose
/// week the index compiled (`hours_week`) needs no stand-in when the prefilter judges compiled
/// weeks (``VenuePrefilter/compiledWeekVerdict``): it is neither parsed nor evaluated again.
struct CandidateHours {
    /// A candidate whose hours were not read: its row is read to judge it.
    static let unread: Int32 = -2
    /// A candidate without an `opening_hours` value.
    static let none: Int32 = -1

    /// `tag_key.id` of `opening_hours` in the index.
    let keyID: Int
    /// The values met, numbered, and their bytes: a value met again costs no string.
    private var values = ByteStringNumbers(capacity: 512)
    /// The stand-ins made, judged where they are kept (moved, not copied).
    private var standIns: [Venue] = []
    /// Where each number's stand-in is in ``standIns``: ``notMade`` yet, or ``noVenue`` when the
    /// mapper makes none.
    private var slots: [Int] = []
    private var withoutHoursSlot = Self.notMade
    private static let notMade = -1
    private static let noVenue = -2
    /// How many candidates were judged by their stand-in with hours (``verdict(for:element:at:make:judge:)``).
    private(set) var judgedWithHours = 0
    /// How many of those were judged by their value's compiled week.
    private(set) var judgedByWeek = 0
    /// How many distinct values were met.
    var distinctValues: Int { values.count }
    /// Each number's compiled week, looked up when a candidate with the value is first judged
    /// (a walk reads the hours of many candidates it never judges): `nil` until then, then the
    /// week, or `[]` when the index has none.
    private var weeks: [[UInt8]?] = []
    /// The compiled week of a value (its bytes), `nil` when the index has none.
    private let week: ((UnsafeRawBufferPointer) -> [UInt8]?)?

    /// Hours numbered as the tags blobs of an index whose `opening_hours` key is `keyID` hold
    /// them, each value's compiled week found with `week` when it is first needed.
    init(keyID: Int, week: ((UnsafeRawBufferPointer) -> [UInt8]?)? = nil) {
        self.keyID = keyID
        self.week = week
        // Room for a walk's values from the start: growing the tables was a sixth of their cost.
        slots.reserveCapacity(512)
        weeks.reserveCapacity(512)
    }

    /// The number of the `opening_hours` value in a row's tags blob, ``none`` when it has
    /// none, and ``unread`` when the blob is damaged (the row is then read as a whole).
    mutating func number(ofTags blob: UnsafeRawBufferPointer) -> Int32 {
        switch TagCoding.lookUp(keyID, in: blob) {
        case .absent: return Self.none
        case .damaged: return Self.unread
        case .found(let range):
            let number = values.number(of: UnsafeRawBufferPointer(rebasing: blob[range]))
            guard number == slots.count else { return Int32(number) }
            slots.append(Self.notMade)
            weeks.append(nil)
            return Int32(number)
        }
    }

    /// The verdict on the candidate `element` at `coordinate` whose hours are `number` (a number
    /// of ``number(ofTags:)``, or ``none``): by `fromWeek` from the value's compiled week when it
    /// has one and `fromWeek` can judge it, else by `judge` of the stand-in of those hours made
    /// by `make` (the mapper's hours summary) from a name and the value only, moved to
    /// `coordinate`; `nil` when the mapper makes no venue of them.
    mutating func verdict(
        for number: Int32,
        element: Int64,
        at coordinate: Coordinate,
        make: (OSMElement.Kind, Int64, Coordinate, OSMTags) -> Venue?,
        fromWeek: ((_ week: [UInt8], _ position: Coordinate) -> FilterVerdict?)?,
        judge: (Venue) -> FilterVerdict
    ) -> FilterVerdict? {
        if number >= 0, let fromWeek, let week = compiledWeek(of: Int(number)), let verdict = fromWeek(week, coordinate)
        {
            judgedWithHours += 1
            judgedByWeek += 1
            return verdict
        }
        let slot: Int
        if number == Self.none {
            if withoutHoursSlot == Self.notMade { withoutHoursSlot = store(standIn(number, element: element, make)) }
            slot = withoutHoursSlot
        } else {
            let index = Int(number)
            if slots[index] == Self.notMade { slots[index] = store(standIn(number, element: element, make)) }
            slot = slots[index]
            if slot >= 0 { judgedWithHours += 1 }
        }
        guard slot >= 0 else { return nil }
        standIns[slot].coordinate = coordinate
        return judge(standIns[slot])
    }

    /// The compiled week of value `number`, looked up once; `nil` when the index has none.
    private mutating func compiledWeek(of number: Int) -> [UInt8]? {
        if weeks[number] == nil {
            weeks[number] = values.withBytes(of: number) { week?($0) } ?? []
        }
        return weeks[number].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Keeps `venue` in ``standIns`` and says where (``noVenue`` for none).
    private mutating func store(_ venue: Venue?) -> Int {
        guard let venue else { return Self.noVenue }
        standIns.append(venue)
        return standIns.count - 1
    }

    /// The stand-in of `number`'s hours, made with the id of `element` (at a position the
    /// caller moves it from).
    private func standIn(
        _ number: Int32,
        element: Int64,
        _ make: (OSMElement.Kind, Int64, Coordinate, OSMTags) -> Venue?
    ) -> Venue? {
        guard let (kind, id) = OSMIndexSchema.kindAndID(element: element),
            let coordinate = try? Coordinate(latitude: 0, longitude: 0)
        else { return nil }
        var pairs = [OSMTags.Pair(key: "name", value: "-")]
        if number >= 0 {
            pairs.append(
                OSMTags.Pair(
                    key: "opening_hours",
                    value: values.withBytes(of: Int(number)) { String(decoding: $0, as: UTF8.self) }
                )
            )
        }
        return make(kind, id, coordinate, OSMTags(pairs: pairs))
    }
}
