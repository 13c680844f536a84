import CSDL
import Engine

/// Draws an Engine display list with `SDL_RenderGeometry`: each layer becomes a textured
/// mesh, subdivided when its transform has perspective so that interpolation across each
/// small triangle stays close to perspective-correct.
struct DisplayListRenderer {
    /// The most grid cells per side for a layer seen in perspective.
    static let perspectiveSubdivisions = 24
    /// The side, in pixels, of a mesh cell in perspective (before the cap above).
    static let perspectiveCellSize = 24.0
    /// The longest side, in pixels, of a mesh cell drawn flat. SDL 2.26's software triangle
    /// rasteriser overflows its fixed-point arithmetic on triangles much larger than this.
    static let largestFlatCell = 256.0
    /// Projected coordinates beyond this many pixels mean the layer is grazing the eye.
    static let coordinateLimit = 32_768.0

    /// Draws `list` with `screens` as the two screens' textures, at `scale` pixels per point,
    /// offset by (`originX`, `originY`) pixels.
    func draw(_ list: DisplayList, screens: ScreenTextures, renderer: Renderer, scale: Double,
              originX: Double = 0, originY: Double = 0) {
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        for layer in list.layers where layer.opacity > 0 {
            let texture = layer.screen == .from ? screens.from : screens.to
            vertices.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
            guard mesh(for: layer, screenSize: list.size, scale: scale, originX: originX, originY: originY,
                       vertices: &vertices, indices: &indices) else { continue }
            renderer.geometry(texture: texture, vertices: &vertices, indices: &indices)
        }
    }

    /// Builds the layer's mesh; false when the layer is behind the eye or faces away.
    func mesh(for layer: Layer, screenSize: Size, scale: Double, originX: Double, originY: Double,
              vertices: inout [SDL_Vertex], indices: inout [Int32]) -> Bool {
        let transform = layer.transform
        let hasPerspective = transform.m[12] != 0 || transform.m[13] != 0 || transform.m[14] != 0 || transform.m[15] != 1
        let rect = layer.sourceRect
        let extent = max(rect.size.width, rect.size.height) * scale * max(abs(transform.m[0]) + abs(transform.m[1]), abs(transform.m[4]) + abs(transform.m[5]), 1)
        // In perspective, cells of about 24 pixels keep the affine error per cell invisible; small
        // layers (explode's pieces) need far fewer cells than a whole screen.
        let perspectiveCells = min(Self.perspectiveSubdivisions, max(2, Int((extent / Self.perspectiveCellSize).rounded(.up))))
        let cells = max(hasPerspective ? perspectiveCells : 1, Int((extent / Self.largestFlatCell).rounded(.up)))
        let brightness = UInt8(max(0, min(255, (1 - layer.shade) * 255)))
        let alpha = UInt8(max(0, min(255, layer.opacity * 255)))
        let color = SDL_Color(r: brightness, g: brightness, b: brightness, a: alpha)
        for row in 0...cells {
            for column in 0...cells {
                let u = Double(column) / Double(cells)
                let v = Double(row) / Double(cells)
                let x = rect.minX + u * rect.size.width
                let y = rect.minY + v * rect.size.height
                let image = transform.apply(x: x, y: y)
                guard image.w > 1e-6 else { return false }
                let screenX = originX + image.x / image.w * scale
                let screenY = originY + image.y / image.w * scale
                // A layer grazing the eye projects to absurd coordinates the rasteriser cannot take.
                guard abs(screenX) < Self.coordinateLimit, abs(screenY) < Self.coordinateLimit else { return false }
                vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(screenX), y: Float(screenY)), color: color,
                                           tex_coord: SDL_FPoint(x: Float(x / screenSize.width), y: Float(y / screenSize.height))))
            }
        }
        if !layer.isDoubleSided && signedArea(vertices, cells: cells) < 0 { return false }
        let stride = Int32(cells + 1)
        for row in 0..<Int32(cells) {
            for column in 0..<Int32(cells) {
                let topLeft = row * stride + column
                indices += [topLeft, topLeft + 1, topLeft + stride, topLeft + 1, topLeft + stride + 1, topLeft + stride]
            }
        }
        return true
    }

    /// Twice the signed area of the mesh's outer quad; negative when it is seen from behind.
    private func signedArea(_ vertices: [SDL_Vertex], cells: Int) -> Double {
        let stride = cells + 1
        let corners = [0, cells, stride * stride - 1, stride * cells].map { vertices[$0].position }
        var area = 0.0
        for index in 0..<4 {
            let a = corners[index]
            let b = corners[(index + 1) % 4]
            area += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        return area
    }
}

/// The two screens' textures.
struct ScreenTextures {
    let from: Texture
    let to: Texture
}
