/// The request line and header fields of one HTTP/1.x request, whole, before its body: what
/// the server knows once the head has arrived (whether it carries the token, how long a body
/// to wait for).
public struct HTTPRequestHead: HTTPRequestFields, Hashable, Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The path of the target, percent-decoded, without its query.
    public var path: String
    /// The query's parameters, percent-decoded, in order.
    public var query: [HTTPRequest.QueryParameter]
    /// The header fields in order, names lowercased, values without surrounding spaces.
    public var headers: [HTTPRequest.HeaderField]
    /// How many bytes the head takes, its blank line included: where the body starts.
    public var byteCount: Int
    /// The body's length in bytes from `Content-Length` (0 without it).
    public var bodyLength: Int

    /// A head as given.
    public init(method: String, path: String, query: [HTTPRequest.QueryParameter], headers: [HTTPRequest.HeaderField],
                byteCount: Int, bodyLength: Int) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.byteCount = byteCount
        self.bodyLength = bodyLength
    }
}

/// What a request's head and a whole request share: the query and the header fields, and how
/// to look a value up in them.
public protocol HTTPRequestFields {
    /// The query's parameters, percent-decoded, in order.
    var query: [HTTPRequest.QueryParameter] { get }
    /// The header fields in order, names lowercased.
    var headers: [HTTPRequest.HeaderField] { get }
}

extension HTTPRequestFields {
    /// The first value of the query parameter `name`, if any.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The first value of the header `name` (lowercase), if any.
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }
}
