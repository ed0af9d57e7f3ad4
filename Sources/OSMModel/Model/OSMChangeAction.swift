/// What an OsmChange file (`.osc`, a replication diff) does with an element: the block
/// (`<create>`, `<modify>` or `<delete>`) it appears in.
package enum OSMChangeAction: UInt8, Sendable, Hashable, CaseIterable {
    /// A new element (`<create>`).
    case create
    /// A new version of an existing element (`<modify>`).
    case modify
    /// An element removed (`<delete>`): it may come with its last tags and position, or with
    /// nothing but its id and version.
    case delete

    /// The block's element name: `create`, `modify` or `delete`.
    package var name: String {
        switch self {
        case .create: "create"
        case .modify: "modify"
        case .delete: "delete"
        }
    }
}
