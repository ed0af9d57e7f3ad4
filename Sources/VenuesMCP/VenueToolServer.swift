import Foundation
public import MCP

/// The tools over the Model Context Protocol, answered by a backend: on standard input and
/// output (``serveStandardIO()``, what desktop assistants start) or one HTTP exchange at a time
/// (``respond(to:)``, the streamable HTTP transport without sessions).
public struct VenueToolServer: Sendable {
    /// What answers the tools.
    public let backend: any VenueToolBackend
    /// The version the server says it is.
    public let version: String

    /// A server of the tools `backend` answers.
    public init(backend: any VenueToolBackend, version: String) {
        self.backend = backend
        self.version = version
    }

    /// What the server tells a client when it connects.
    static let instructions = """
        Finds places (shops, cafés, restaurants, services) around a point or by name across \
        OpenStreetMap, Overture Maps, Foursquare and Google Places, merged into one list, with \
        opening hours read in each place's own time zone, and keeps the user's favourites. \
        Coordinates are decimal degrees, latitude first; distances and radii are metres.
        """

    /// An MCP server with the tools registered, not yet started.
    public func makeServer() async -> Server {
        let server = Server(
            name: "venues",
            version: version,
            title: "venues: places near you, merged across providers",
            instructions: Self.instructions,
            capabilities: .init(tools: .init(listChanged: false))
        )
        let backend = backend
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: VenueToolCatalog.tools)
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            try await Self.call(parameters, backend: backend)
        }
        return server
    }

    /// Serves standard input and output until the client closes standard input and every
    /// request read has been answered.
    public func serveStandardIO() async throws {
        let server = await makeServer()
        try await server.start(transport: AnsweringTransport(base: StdioTransport()))
        await server.waitUntilCompleted()
        await server.stop()
    }

    /// The answer to one HTTP request to the MCP endpoint: a POST of a JSON-RPC message is
    /// answered with JSON (no session, no event stream); GET and DELETE are 405. Each request is
    /// served by a server of its own, so that clients never share request ids.
    public func respond(to request: MCP.HTTPRequest) async -> MCP.HTTPResponse {
        let server = await makeServer()
        let transport = StatelessHTTPServerTransport(
            validationPipeline: StandardValidationPipeline(validators: [
                AcceptHeaderValidator(mode: .jsonOnly),
                ContentTypeValidator(),
                ProtocolVersionValidator(),
            ])
        )
        do {
            try await server.start(transport: transport)
        } catch {
            return .error(statusCode: 500, .internalError("the MCP server could not start: \(error)"))
        }
        let response = await transport.handleRequest(request)
        await server.stop()
        return response
    }

    /// One tool call: the arguments checked, the backend's answer as structured content and a
    /// short text; a refusal or failure as a result with `isError` (the session goes on).
    static func call(_ parameters: CallTool.Parameters, backend: any VenueToolBackend) async throws -> CallTool.Result {
        guard let name = VenueToolCatalog.Name(rawValue: parameters.name) else {
            throw MCPError.invalidParams(
                "no tool is called '\(parameters.name.prefix(60))': the tools are "
                    + VenueToolCatalog.Name.allCases.map(\.rawValue).joined(separator: ", ")
            )
        }
        do throws(VenueToolFailure) {
            let call = try VenueToolArguments.call(name, arguments: parameters.arguments ?? [:])
            let document = try await decoded(backend.answer(call))
            return CallTool.Result(
                content: [.text(text: VenueToolText.render(name, document), annotations: nil, _meta: nil)],
                structuredContent: Optional(document),
                isError: false
            )
        } catch {
            let document = error.document.flatMap { try? decoded($0) }
            return CallTool.Result(
                content: [.text(text: error.message, annotations: nil, _meta: nil)],
                structuredContent: document,
                isError: true
            )
        }
    }

    private static func decoded(_ bytes: [UInt8]) throws(VenueToolFailure) -> Value {
        do {
            let value = try JSONDecoder().decode(Value.self, from: Data(bytes))
            guard value.objectValue != nil else { return ["result": value] }
            return value
        } catch {
            throw VenueToolFailure("the answer could not be read as JSON: \(error)")
        }
    }
}
