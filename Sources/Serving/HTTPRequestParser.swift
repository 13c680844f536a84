/// Parses one HTTP/1.0 or 1.1 request from the bytes a connection has received so far.
///
/// Pure and strict: lines end in CRLF, the request target is origin-form (`/path?query`),
/// field names are tokens, a body needs `Content-Length` (one value, or several equal ones)
/// and chunked transfer coding is not accepted. Every limit in ``HTTPLimits`` is checked as
/// soon as the bytes that break it are seen, so a connection never has to hold more than the
/// limits allow. The server calls it again with more bytes while it answers ``HTTPParseResult/incomplete``
/// or ``HTTPParseResult/awaitingBody(_:)``.
public enum HTTPRequestParser {
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// The request at the start of `bytes`, or why there is none yet.
    public static func parse(_ bytes: [UInt8], limits: HTTPLimits = .standard) -> HTTPParseResult {
        do throws(HTTPParseError) {
            return try parseRequest(bytes, limits: limits)
        } catch {
            return .failed(error)
        }
    }

    private static func parseRequest(_ bytes: [UInt8], limits: HTTPLimits) throws(HTTPParseError) -> HTTPParseResult {
        let lineEnd: Int
        switch try scanLine(in: bytes, from: 0, within: limits.requestLineBytes, what: "request line") {
        case .end(let end): lineEnd = end
        case .incomplete: return .incomplete
        case .tooLong: throw HTTPParseError(status: 414, problem: "the request line is longer than \(limits.requestLineBytes) bytes")
        }
        let (method, path, query, version) = try requestLine(bytes[0..<lineEnd])
        let headerStart = lineEnd + 2
        var headers: [HTTPRequest.HeaderField] = []
        var position = headerStart
        while true {
            let budget = limits.headerBytes - (position - headerStart)
            let end: Int
            switch try scanLine(in: bytes, from: position, within: budget - 2, what: "header section") {
            case .end(let found): end = found
            case .incomplete: return .incomplete
            case .tooLong: throw HTTPParseError(status: 431, problem: "the header section is longer than \(limits.headerBytes) bytes")
            }
            if end == position {
                position = end + 2
                break
            }
            guard headers.count < limits.headerCount else {
                throw HTTPParseError(status: 431, problem: "more than \(limits.headerCount) header fields")
            }
            headers.append(try headerField(bytes[position..<end]))
            position = end + 2
        }
        if version == "HTTP/1.1" && !headers.contains(where: { $0.name == "host" }) {
            throw HTTPParseError(status: 400, problem: "an HTTP/1.1 request must have a Host field")
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            throw HTTPParseError(status: 501, problem: "Transfer-Encoding is not supported; send Content-Length")
        }
        let length = try contentLength(headers, limits: limits)
        if method == "POST" || method == "PUT", length == nil {
            throw HTTPParseError(status: 411, problem: "a \(method) needs Content-Length")
        }
        let head = HTTPRequestHead(method: method, path: path, query: query, headers: headers, byteCount: position, bodyLength: length ?? 0)
        guard bytes.count - position >= head.bodyLength else { return .awaitingBody(head) }
        return .complete(HTTPRequest(head: head, body: Array(bytes[position..<(position + head.bodyLength)])), consumed: position + head.bodyLength)
    }

    /// Where a line ends, if it does.
    private enum LineScan {
        /// At the CR of its CRLF, this index.
        case end(Int)
        /// Not within the bytes received so far, which keep to the limit.
        case incomplete
        /// Past the limit.
        case tooLong
    }

    /// Finds the CRLF ending the line that starts at `start`, whose content may be at most
    /// `limit` bytes; a CR or LF that is not part of a CRLF is an error.
    private static func scanLine(in bytes: [UInt8], from start: Int, within limit: Int, what: String) throws(HTTPParseError) -> LineScan {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == lf { throw HTTPParseError(status: 400, problem: "a bare LF in the \(what) (lines end in CRLF)") }
            if byte == cr {
                if index - start > limit { return .tooLong }
                guard index + 1 < bytes.count else { return .incomplete }
                guard bytes[index + 1] == lf else { throw HTTPParseError(status: 400, problem: "a bare CR in the \(what)") }
                return .end(index)
            }
            if index - start >= limit { return .tooLong }
            index += 1
        }
        return .incomplete
    }

    private static func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (String, String, [HTTPRequest.QueryParameter], String) {
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw HTTPParseError(status: 400, problem: "the request line must be METHOD TARGET VERSION, separated by single spaces")
        }
        let methodBytes = parts[0]
        guard (1...16).contains(methodBytes.count), methodBytes.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw HTTPParseError(status: 400, problem: "the method must be 1 to 16 capital letters")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            if parts[2].starts(with: Array("HTTP/".utf8)) {
                throw HTTPParseError(status: 505, problem: "only HTTP/1.0 and HTTP/1.1 are served")
            }
            throw HTTPParseError(status: 400, problem: "the version must be HTTP/1.0 or HTTP/1.1")
        }
        let target = parts[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) else {
            throw HTTPParseError(status: 400, problem: "the target must be a path beginning with / in visible ASCII")
        }
        let pathBytes = target.prefix { $0 != UInt8(ascii: "?") }
        let path = try percentDecoded(pathBytes, what: "path")
        var query: [HTTPRequest.QueryParameter] = []
        if pathBytes.count < target.count {
            let queryBytes = target[(pathBytes.endIndex + 1)...]
            for pair in queryBytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
                let nameBytes = pair.prefix { $0 != UInt8(ascii: "=") }
                let valueBytes = nameBytes.count < pair.count ? pair[(nameBytes.endIndex + 1)...] : []
                query.append(HTTPRequest.QueryParameter(name: try percentDecoded(nameBytes, what: "query", plusIsSpace: true),
                                                        value: try percentDecoded(valueBytes, what: "query", plusIsSpace: true)))
            }
        }
        return (String(decoding: methodBytes, as: UTF8.self), path, query, version)
    }

    private static func headerField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPRequest.HeaderField {
        if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            throw HTTPParseError(status: 400, problem: "a header field continued on the next line (obsolete folding) is not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw HTTPParseError(status: 400, problem: "a header line without a colon")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw HTTPParseError(status: 400, problem: "a header name must be a token (letters, digits and !#$%&'*+-.^_`|~)")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPParseError(status: 400, problem: "a control character in the value of \(String(decoding: name, as: UTF8.self))")
        }
        return HTTPRequest.HeaderField(name: String(decoding: name, as: UTF8.self).lowercased(), value: String(decoding: value, as: UTF8.self))
    }

    private static func contentLength(_ headers: [HTTPRequest.HeaderField], limits: HTTPLimits) throws(HTTPParseError) -> Int? {
        var length: Int?
        for field in headers where field.name == "content-length" {
            let digits = Array(field.value.utf8)
            guard (1...18).contains(digits.count), digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let value = Int(field.value) else {
                throw HTTPParseError(status: 400, problem: "Content-Length must be a whole number of bytes")
            }
            if let length, length != value { throw HTTPParseError(status: 400, problem: "two different Content-Length values") }
            length = value
        }
        if let length, length > limits.bodyBytes {
            throw HTTPParseError(status: 413, problem: "a body of \(length) bytes is more than the limit of \(limits.bodyBytes)")
        }
        return length
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// `bytes` with `%XX` escapes (and, in a query, `+` for a space) decoded; the result must be UTF-8.
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>, what: String, plusIsSpace: Bool = false) throws(HTTPParseError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    throw HTTPParseError(status: 400, problem: "a % in the \(what) not followed by two hex digits")
                }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw HTTPParseError(status: 400, problem: "the \(what) is not UTF-8 once decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
