import Foundation
import VenuesOutput

extension ResultDocument {
    /// Renders the document in the chosen format; `emptyTable` replaces a table with no rows;
    /// `tiles` puts OpenStreetMap tiles under the HTML page's map.
    func rendered(
        as format: OutputFormat,
        terminalWidth: Int,
        emptyTable: String? = nil,
        tiles: Bool = true
    ) throws -> String {
        switch format {
        case .listing(let format): try format.render(self, tiles: tiles)
        case .table:
            if rows.isEmpty, let emptyTable { emptyTable } else { TableRenderer.render(self, width: terminalWidth) }
        }
    }
}

/// Writes command output to standard output.
enum StandardOutput {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
