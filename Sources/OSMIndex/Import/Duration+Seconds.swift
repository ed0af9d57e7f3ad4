extension Duration {
    /// The duration in seconds, for the import's reports and progress line.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
