import Testing
import VenuesServerStore
import VenuesServerStorePostgres

@Suite("PostgreSQL server store: the database URL")
struct PostgresConfigurationTests {
    @Test("user, password, host, port and database, percent-decoded; defaults for the rest")
    func readsEveryPart() throws {
        let configuration = try PostgresServerStore.Configuration(
            url: "postgres://ven%40ues:p%3Ass%2Fw%40rd@db.example.org:6543/my%20db"
        )
        #expect(configuration.username == "ven@ues")
        #expect(configuration.password == "p:ss/w@rd")
        #expect(configuration.host == "db.example.org")
        #expect(configuration.port == 6543)
        #expect(configuration.database == "my db")
        #expect(configuration.tls == .prefer)
        #expect(configuration.schema == nil)
        #expect(configuration.maximumConnections == 10)
        #expect(configuration.operationTimeout == .seconds(5))
    }

    @Test("postgresql:// too; port 5432 by default; no password; sslmode; IPv6 hosts")
    func readsTheVariants() throws {
        let plain = try PostgresServerStore.Configuration(url: "postgresql://venues@127.0.0.1/venues?sslmode=disable")
        #expect(plain.port == 5432)
        #expect(plain.password == nil)
        #expect(plain.tls == .disable)
        let required = try PostgresServerStore.Configuration(url: "postgres://u:pw@[::1]:5433/d?sslmode=require")
        #expect(required.host == "::1")
        #expect(required.port == 5433)
        #expect(required.tls == .require)
    }

    @Test(
        "a URL that is not one is refused with a message that shows no password",
        arguments: [
            ("mysql://u:topsecret@h/d", "postgres://"),
            ("postgres://u:topsecret@/d", "no host"),
            ("postgres://:topsecret@h/d", "no user"),
            ("postgres://u:topsecret@h", "no database"),
            ("postgres://u:topsecret@h/", "no database"),
            ("postgres://u:topsecret@h/d?sslmode=maybe", "sslmode"),
            ("postgres://u:topsecret@h/d?application_name=x", "application_name"),
        ]
    )
    func refusesBadURLs(url: String, expected: String) {
        #expect {
            try PostgresServerStore.Configuration(url: url)
        } throws: { error in
            guard case .failed(let message) = error as? ServerStoreError else { return false }
            #expect(message.contains(expected), "\(message)")
            #expect(!message.contains("topsecret"), "\(message)")
            return true
        }
    }

    @Test("schema names are plain identifiers")
    func checksTheSchemaName() async throws {
        var configuration = try PostgresServerStore.Configuration(url: "postgres://u@h/d")
        configuration.schema = "venues_2"
        try await PostgresServerStore(configuration: configuration).close()
        for bad in ["", "Venues", "2venues", "venues; DROP", "ven-ues"] {
            configuration.schema = bad
            #expect(throws: ServerStoreError.self, "\(bad)") { try PostgresServerStore(configuration: configuration) }
        }
    }
}

@Suite("PostgreSQL server store: a configuration shows no password")
struct PostgresConfigurationPrintingTests {
    @Test("description, debug description and dump hide the password")
    func hidesThePassword() throws {
        let configuration = try PostgresServerStore.Configuration(url: "postgres://venues:topsecret@db:5433/venues")
        #expect(configuration.description == "postgres://venues:***@db:5433/venues?sslmode=prefer")
        #expect(!"\(configuration)".contains("topsecret"))
        #expect(!String(reflecting: configuration).contains("topsecret"))
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!dumped.contains("topsecret"), "\(dumped)")
        #expect(dumped.contains("db"))
    }
}
