public import Foundation
import Synchronization
public import VenuesCore
public import VenuesFavorites
public import VenuesServerStore

/// A ``ServerStore`` in memory, for fast route tests: everything the protocol asks, plus a
/// switch that makes every call fail as unavailable (the database "went away") and counters of
/// what was asked.
public final class InMemoryServerStore: ServerStore {
    private struct State {
        var migrated = false
        var closed = false
        var reachable = true
        var clients: [(client: ServerClient, hash: TokenHash)] = []
        var favorites: [String: [Favorite]] = [:]
        var cache: [String: (value: [UInt8], expiresAt: Date)] = [:]
        var cacheReads = 0
        var cacheWrites = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Whether calls succeed; `false` makes every call throw ``ServerStoreError/unavailable(_:)``.
    public var isReachable: Bool {
        get { state.withLock { $0.reachable } }
        set { state.withLock { $0.reachable = newValue } }
    }

    /// How many cache reads and writes were made.
    public var cacheCounts: (reads: Int, writes: Int) { state.withLock { ($0.cacheReads, $0.cacheWrites) } }

    /// The keys of every cached value.
    public var cachedKeys: [String] { state.withLock { Array($0.cache.keys) } }

    /// Every cached value, raw (to check that no key is in them).
    public var cachedValues: [[UInt8]] { state.withLock { $0.cache.values.map(\.value) } }

    private func checked<T>(_ body: (inout State) throws(ServerStoreError) -> T) throws(ServerStoreError) -> T {
        try state.withLock { (state: inout State) throws(ServerStoreError) -> T in
            guard !state.closed else { throw .unavailable("the store is closed") }
            guard state.reachable else { throw .unavailable("connection refused (test switch)") }
            return try body(&state)
        }
    }

    public func migrate() async throws(ServerStoreError) {
        try checked { $0.migrated = true }
    }

    public func checkReachable() async throws(ServerStoreError) {
        try checked { _ in }
    }

    public func createClient(name: String, tokenHash: TokenHash, createdAt: Date) async throws(ServerStoreError) {
        try checked { (state: inout State) throws(ServerStoreError) in
            guard !state.clients.contains(where: { $0.client.name == name }) else { throw .duplicateClient(name) }
            state.clients.append((ServerClient(name: name, createdAt: createdAt), tokenHash))
        }
    }

    public func clients() async throws(ServerStoreError) -> [ServerClient] {
        try checked { $0.clients.map(\.client) }
    }

    public func revokeClient(name: String) async throws(ServerStoreError) -> Bool {
        try checked { state in
            guard let index = state.clients.firstIndex(where: { $0.client.name == name }) else { return false }
            state.clients.remove(at: index)
            state.favorites[name] = nil
            return true
        }
    }

    public func client(tokenHash: TokenHash) async throws(ServerStoreError) -> ServerClient? {
        try checked { state in state.clients.first { $0.hash == tokenHash }?.client }
    }

    public func favorites(client: String) async throws(ServerStoreError) -> [Favorite] {
        try checked { $0.favorites[client] ?? [] }
    }

    public func putFavorite(_ favorite: Favorite, client: String) async throws(ServerStoreError) {
        try checked { state in
            var list = state.favorites[client] ?? []
            if let index = list.firstIndex(where: { $0.id == favorite.id }) {
                list[index] = favorite
            } else {
                list.append(favorite)
            }
            state.favorites[client] = list
        }
    }

    public func removeFavorite(id: VenueID, client: String) async throws(ServerStoreError) -> Bool {
        try checked { state in
            guard let index = state.favorites[client]?.firstIndex(where: { $0.id == id }) else { return false }
            state.favorites[client]?.remove(at: index)
            return true
        }
    }

    public func cachedValue(key: String, now: Date) async throws(ServerStoreError) -> [UInt8]? {
        try checked { state in
            state.cacheReads += 1
            guard let entry = state.cache[key], entry.expiresAt > now else { return nil }
            return entry.value
        }
    }

    public func storeValue(_ value: [UInt8], key: String, expiresAt: Date) async throws(ServerStoreError) {
        try checked { state in
            state.cacheWrites += 1
            state.cache[key] = (value, expiresAt)
        }
    }

    public func close() async {
        state.withLock { $0.closed = true }
    }
}
