import VenuesOutput

/// Which columns the venue table shows and how many terminal columns each gets, so that every
/// line fits the terminal width.
///
/// Columns start at their minimum widths; the first set of columns whose minimums fit is used
/// (all six; then without the address; then without the address and sources; then only the
/// marker, name and distance), and the room left over is shared out: the name first, then the
/// category, then the address, and the rest to name and address up to their longest content.
struct TableLayout: Equatable {
    enum Column: CaseIterable {
        case marker, name, distance, open, category, address, sources

        /// The header text (the marker column has none).
        var title: String {
            switch self {
            case .marker: ""
            case .name: "Name"
            case .distance: "Dist"
            case .open: "Open"
            case .category: "Category"
            case .address: "Address"
            case .sources: "Sources"
            }
        }
    }

    /// Spaces between two columns.
    static let gap = 2
    /// Widest the category and sources columns grow.
    static let categoryCap = 16
    static let sourcesCap = 18
    /// Narrowest a name column is made while another column could be dropped instead.
    static let nameMinimum = 16
    static let addressMinimum = 10
    static let categoryMinimum = 8

    /// The columns shown, left to right.
    var columns: [Column]
    /// Columns given to each shown column.
    var widths: [Column: Int]

    /// Total columns a line takes when every cell is padded.
    var totalWidth: Int {
        columns.reduce(0) { $0 + (widths[$1] ?? 0) } + Self.gap * max(0, columns.count - 1)
    }

    /// The layout for cells whose widest content (header included) is `natural`, in a terminal
    /// `width` columns wide. Below the narrowest layout, the name gets what is left (at least
    /// one column) and lines may still be too wide: the renderer cuts them.
    ///
    /// The "Open" column is shown only when `natural` has it (some row's hours are known).
    init(natural: [Column: Int], width: Int) {
        func content(_ column: Column) -> Int { natural[column] ?? DisplayWidth.of(column.title) }
        let preferred: [Column: Int] = [
            .marker: 1,
            .name: max(DisplayWidth.of(Column.name.title), content(.name)),
            .distance: max(DisplayWidth.of(Column.distance.title), content(.distance)),
            .open: content(.open),
            .category: min(Self.categoryCap, max(Self.categoryMinimum, content(.category))),
            .address: max(Self.addressMinimum, content(.address)),
            .sources: min(Self.sourcesCap, max(DisplayWidth.of(Column.sources.title), content(.sources))),
        ]
        var minimum = preferred
        minimum[.name] = min(preferred[.name] ?? 0, Self.nameMinimum)
        minimum[.category] = min(preferred[.category] ?? 0, Self.categoryMinimum)
        minimum[.address] = Self.addressMinimum

        let showsOpen = natural[.open] != nil
        let candidates: [[Column]] = [
            [.marker, .name, .distance, .open, .category, .address, .sources],
            [.marker, .name, .distance, .open, .category, .sources],
            [.marker, .name, .distance, .open, .category],
            [.marker, .name, .distance, .open],
        ].map { $0.filter { showsOpen || $0 != .open } }
        for columns in candidates {
            var layout = TableLayout(columns: columns, widths: minimum.filter { columns.contains($0.key) })
            if layout.totalWidth <= width {
                layout.grow(toward: preferred, within: width)
                self = layout
                return
            }
        }
        // Narrower than any of those: marker, name and distance, the name taking what is left.
        let columns: [Column] = [.marker, .name, .distance]
        var widths = minimum.filter { columns.contains($0.key) }
        let others = (widths[.marker] ?? 0) + (widths[.distance] ?? 0) + 2 * Self.gap
        widths[.name] = max(1, min(preferred[.name] ?? 1, width - others))
        self.init(columns: columns, widths: widths)
    }

    private init(columns: [Column], widths: [Column: Int]) {
        self.columns = columns
        self.widths = widths
    }

    /// Shares out the room left in `width`, in steps that each raise one column to a target
    /// (never past its preferred width).
    private mutating func grow(toward preferred: [Column: Int], within width: Int) {
        let steps: [(Column, Int)] = [
            (.name, 24), (.category, Self.categoryCap), (.address, 24), (.name, 40),
            (.address, 40), (.name, .max), (.address, .max),
        ]
        for (column, target) in steps where columns.contains(column) {
            let current = widths[column] ?? 0
            let goal = min(target, preferred[column] ?? current)
            let room = width - totalWidth
            guard goal > current, room > 0 else { continue }
            widths[column] = current + min(room, goal - current)
        }
    }
}
