package import VenuesCLISupport

extension CommandContext {
    /// The budgets the configuration sets for the user's own keys, counted in the data directory.
    package var budgets: LocalBudgets {
        LocalBudgets(configuration: configuration.providerSettings, directories: directories)
    }
}
