extension String {
    /// The text made exactly `length` UTF-16 units long, for table columns: `pad` (one ASCII
    /// character) added at the end, or the text cut; what `NSString`'s
    /// `padding(toLength:withPad:startingAt:)` gives.
    public func padded(toLength length: Int, with pad: Character = " ") -> String {
        let units = utf16.count
        if units >= length { return String(decoding: utf16.prefix(max(length, 0)), as: UTF16.self) }
        return self + String(repeating: pad, count: length - units)
    }

    /// The text padded with spaces on the left to `width` characters, for columns of numbers.
    public func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }

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

extension StringProtocol {
    /// The text without the spaces and tabs at either end (the fields of the importers' lines,
    /// table rows, `/proc/cpuinfo`'s values).
    public func trimmingSpacesAndTabs() -> SubSequence {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        let start = firstIndex { !isBlank($0) } ?? endIndex
        let end = lastIndex { !isBlank($0) }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
