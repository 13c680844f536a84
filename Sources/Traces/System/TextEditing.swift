extension String {
    /// The text made exactly `length` UTF-16 units long: `pad` added at the end, or the text
    /// cut; what `NSString`'s `padding(toLength:withPad:startingAt:)` gives with a
    /// one-character pad from its start, for table columns.
    public func padded(toLength length: Int, with pad: Character = " ") -> String {
        let units = utf16.count
        if units >= length { return String(decoding: utf16.prefix(max(length, 0)), as: UTF16.self) }
        return self + String(repeating: String(pad), count: (length - units) / max(String(pad).utf16.count, 1))
    }
}

extension StringProtocol {
    /// The text without the spaces and tabs at either end (Unicode's space separators and
    /// the tab, as `trimmingCharacters(in: .whitespaces)`; line breaks stay).
    public func trimmingBlanks() -> String {
        func isBlank(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
        return String(String(self).drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}

extension String {
    /// The text with every `scalar` replaced by `replacement`, scalar by scalar: a quote or a
    /// bar followed by a combining mark is still found, where `replacing(_:with:)` compares
    /// whole characters and would pass it by. For escaping text into shell words and tables.
    public func replacingEvery(_ scalar: Unicode.Scalar, with replacement: String) -> String {
        var result = String.UnicodeScalarView()
        for next in unicodeScalars {
            if next == scalar { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(next) }
        }
        return String(result)
    }
}
