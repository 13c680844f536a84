import CSDL

/// An SDL call failed; carries what SDL said (`SDL_GetError()`).
package struct SDLError: Error, CustomStringConvertible {
    /// What the program was doing.
    let operation: String
    /// SDL's message.
    let message: String

    /// The error for a failed `operation`, with SDL's current message.
    static func current(_ operation: String) -> SDLError {
        let text = SDL_GetError().map { String(cString: $0) } ?? ""
        return SDLError(operation: operation, message: text.isEmpty ? "unknown SDL error" : text)
    }

    package var description: String { "\(operation): \(message)" }
}
