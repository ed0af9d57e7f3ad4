extension Duration {
    /// The duration in seconds, with its fraction: for reports, progress lines and what is left
    /// of a deadline.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
