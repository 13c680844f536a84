/// One parsed HTTP/1.x request.
public struct HTTPRequest: HTTPRequestFields, Hashable, Sendable {
    /// The method, as sent (`GET`, `POST`, …).
    public var method: String
    /// The path of the target, percent-decoded, without its query.
    public var path: String
    /// The query's parameters, percent-decoded, in order.
    public var query: [QueryParameter]
    /// The header fields in order, names lowercased, values without surrounding spaces.
    public var headers: [HeaderField]
    /// The body (empty without `Content-Length`).
    public var body: [UInt8]

    /// A request as given.
    public init(method: String, path: String, query: [QueryParameter], headers: [HeaderField], body: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The request of `head` with its `body`.
    public init(head: HTTPRequestHead, body: [UInt8]) {
        self.init(method: head.method, path: head.path, query: head.query, headers: head.headers, body: body)
    }

    /// One `name=value` of the query.
    public struct QueryParameter: Hashable, Sendable {
        /// The name.
        public var name: String
        /// The value (empty when the parameter has no `=`).
        public var value: String

        /// A parameter as given.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// One header field.
    public struct HeaderField: Hashable, Sendable {
        /// The name, lowercased.
        public var name: String
        /// The value, without leading or trailing spaces and tabs.
        public var value: String

        /// A field as given.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
