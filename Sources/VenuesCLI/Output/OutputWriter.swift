import Foundation
import VenuesReports

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
        case .json: try JSONRenderer.render(self) + "\n"
        case .geojson: try GeoJSONRenderer.render(self) + "\n"
        case .csv: CSVRenderer.render(self)
        case .html: HTMLMapRenderer.render(self, options: HTMLMapRenderer.Options(tiles: tiles))
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
