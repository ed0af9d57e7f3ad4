import OSMModel
import VenuesHours

/// Makes the `venue` rows of an import (``VenueRowBatch``): the tags coded with numbered keys
/// (``TagCoding``) and the category bits and the hours bit (``VenueRules``) in one pass over the
/// tags, the folded search text (``OSMSearchText``), and the week of each distinct
/// `opening_hours` value, compiled when first met (``HoursWeek``).
///
/// It runs on a thread of its own (``RowEncodingThread``), so that the writer's thread only
/// inserts.
struct VenueRowEncoder {
    private var keys: TagKeyTable
    /// The `opening_hours` values met so far.
    private var hoursValues: Set<String> = []

    /// An encoder numbering keys after `keys` (an update: the index's `tag_key` rows).
    init(keys: TagKeyTable = TagKeyTable()) {
        self.keys = keys
    }

    /// Appends the row of a venue at `row`'s position with these tags to `batch`.
    mutating func append(_ row: VenueRow, tags: OSMTags, to batch: inout VenueRowBatch) {
        var categories: Int64 = 0
        // The category rules read the first value of each key, as `OSMTags` subscripts do.
        var tablesSeen: UInt64 = 0
        var hoursSeen = false
        let tagsStart = batch.bytes.count
        for pair in tags.pairs {
            if !hoursSeen, pair.key == "opening_hours" {
                hoursSeen = true
                if VenueRules.givesHours(pair.value) {
                    categories |= VenueRules.hoursBit
                    if hoursValues.insert(pair.value).inserted, let week = HoursWeek.compile(pair.value) {
                        batch.hoursWeeks.append((pair.value, week.bytes))
                    }
                }
            }
            let key = keys.key(pair.key)
            TagCoding.appendVarint(UInt64(key.id), to: &batch.bytes)
            var value = pair.value
            value.withUTF8 { utf8 in
                TagCoding.appendVarint(UInt64(utf8.count), to: &batch.bytes)
                batch.bytes.append(contentsOf: utf8)
            }
            if let table = key.maskTable, tablesSeen & (1 << table) == 0 {
                tablesSeen |= 1 << table
                categories |= VenueRules.maskBits(table: table, value: pair.value)
            }
        }
        let tagsEnd = batch.bytes.count
        var search = OSMSearchText.folded(tags)
        search.withUTF8 { batch.bytes.append(contentsOf: $0) }
        batch.rows.append(
            VenueRowBatch.Row(
                element: row.element,
                latitude: row.latitude,
                longitude: row.longitude,
                extent: row.extent,
                categories: categories,
                search: tagsEnd..<batch.bytes.count,
                tags: tagsStart..<tagsEnd
            )
        )
        batch.newKeys += keys.takeNewKeys()
    }
}
