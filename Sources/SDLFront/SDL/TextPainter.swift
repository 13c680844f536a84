import CSDL

/// Draws text with SDL_ttf, keeping recently drawn strings as textures so a HUD that shows
/// the same labels every frame does not render them again.
package final class TextPainter {
    private let renderer: Renderer
    private let fonts: Fonts
    private var cache: [Key: Entry] = [:]
    private var frame = 0
    /// Every text drawn since recording began, with the pixel rectangle it covers; nil unless
    /// recording (tests measure the HUD's layout with it).
    private(set) var drawnBoxes: [TextBox]?

    /// A drawn string and the rectangle it covers, in pixels.
    struct TextBox {
        let text: String
        let x: Double
        let y: Double
        let width: Double
        let height: Double
    }

    /// Starts keeping ``drawnBoxes``, empty.
    func recordBoxes() { drawnBoxes = [] }

    /// Text sizes the painter offers.
    enum Size: Int {
        case small = 12
        case body = 15
        case title = 20
        case large = 28
    }

    private struct Key: Hashable {
        let text: String
        let size: Int
        let bold: Bool
        let color: Color
    }

    private struct Entry {
        let texture: Texture
        var lastUsed: Int
    }

    /// The painter's faces, regular and bold, at every size, opened at one scale: opened on one
    /// thread and handed to a painter on another (the window's start-up opens them while the
    /// window is being made), never used by two threads at once.
    struct Fonts: @unchecked Sendable {
        /// Keyed by size in points, negative for bold.
        fileprivate let faces: [Int: Font]

        /// Every face at `scale` pixels per point, so text is sharp on HiDPI outputs.
        init(library: SDLLibrary, scale: Double) throws {
            var faces: [Int: Font] = [:]
            for size in [Size.small, .body, .title, .large] {
                let pixels = Int((Double(size.rawValue) * scale).rounded())
                faces[size.rawValue] = try Font(library: library, path: Font.dejaVuSans, pixelSize: pixels)
                faces[-size.rawValue] = try Font(library: library, path: Font.dejaVuSansBold, pixelSize: pixels)
            }
            self.faces = faces
        }

        fileprivate subscript(key: Int) -> Font? { faces[key] }
    }

    /// Fonts are opened at `scale` pixels per point, so text is sharp on HiDPI outputs.
    package convenience init(renderer: Renderer, scale: Double) throws {
        self.init(renderer: renderer, fonts: try Fonts(library: renderer.library, scale: scale))
    }

    /// A painter drawing with `fonts`, opened already.
    init(renderer: Renderer, fonts: Fonts) {
        self.renderer = renderer
        self.fonts = fonts
    }

    /// Draws `text` with its top-left corner at (x, y) pixels; returns its size in pixels.
    @discardableResult
    func draw(_ text: String, x: Double, y: Double, size: Size = .body, bold: Bool = false,
              color: Color = Color(255, 255, 255), alignment: Alignment = .left) -> (width: Double, height: Double) {
        guard let texture = texture(text, size: size, bold: bold, color: color) else { return (0, 0) }
        let width = Double(texture.width)
        let left: Double
        switch alignment {
        case .left: left = x
        case .center: left = x - width / 2
        case .right: left = x - width
        }
        renderer.copy(texture, x: left.rounded(), y: y.rounded())
        drawnBoxes?.append(TextBox(text: text, x: left.rounded(), y: y.rounded(), width: width, height: Double(texture.height)))
        return (width, Double(texture.height))
    }

    /// The width `text` takes at `size`, in pixels, without drawing it.
    func width(of text: String, size: Size = .body, bold: Bool = false) -> Double {
        guard let font = fonts[bold ? -size.rawValue : size.rawValue] else { return 0 }
        return Double(font.size(of: text).width)
    }

    /// `text` cut at spaces into lines no wider than `width` pixels at `size` (a single word
    /// wider than that is cut between characters).
    func wrapped(_ text: String, width: Double, size: Size = .body, bold: Bool = false) -> [String] {
        guard self.width(of: text, size: size, bold: bold) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if self.width(of: candidate, size: size, bold: bold) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            for character in word {
                if !current.isEmpty, self.width(of: current + String(character), size: size, bold: bold) > width {
                    lines.append(current)
                    current = ""
                }
                current.append(character)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Horizontal placement relative to x.
    enum Alignment { case left, center, right }

    /// Forgets textures not used for a while; call once a frame.
    func endFrame() {
        frame += 1
        if cache.count > 400 { cache = cache.filter { frame - $0.value.lastUsed < 30 } }
    }

    private func texture(_ text: String, size: Size, bold: Bool, color: Color) -> Texture? {
        let key = Key(text: text, size: size.rawValue, bold: bold, color: color)
        if var entry = cache[key] {
            entry.lastUsed = frame
            cache[key] = entry
            return entry.texture
        }
        guard let font = fonts[bold ? -size.rawValue : size.rawValue],
              let surface = try? font.render(text, color: color.sdl),
              let texture = try? Texture(renderer: renderer, surface: surface) else { return nil }
        cache[key] = Entry(texture: texture, lastUsed: frame)
        return texture
    }
}
