/// One HTTP/1.1 response, written whole; the server closes the connection after it.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code.
    public var status: Int
    /// The media type of the body.
    public var contentType: String
    /// The body.
    public var body: [UInt8]

    /// A response as given.
    public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain-text response: `text` and a newline.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, body: Array((text + "\n").utf8))
    }

    /// The reason phrase for `status`.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 201: return "Created"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// The bytes on the wire: status line, headers (no caching, no type sniffing, the page
    /// may load nothing from elsewhere, the connection closes) and body.
    public var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        head += "X-Content-Type-Options: nosniff\r\n"
        head += "Referrer-Policy: no-referrer\r\n"
        head += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:\r\n"
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }
}
