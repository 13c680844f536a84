import CSDL
import Engine
import Rasterizer

/// Draws an Engine display list with `SDL_RenderGeometry`: each layer becomes a textured
/// mesh, subdivided when its transform has perspective so that interpolation across each
/// small triangle stays close to perspective-correct.
package struct DisplayListRenderer {
    /// A renderer of display lists through SDL's geometry.
    package init() {}

    /// The most grid cells per side for a layer seen in perspective.
    static let perspectiveSubdivisions = 24
    /// The side, in pixels, of a mesh cell in perspective (before the cap above).
    static let perspectiveCellSize = 24.0
    /// The longest side, in pixels, of a mesh cell drawn flat. SDL 2.26's software triangle
    /// rasteriser overflows its fixed-point arithmetic on triangles much larger than this.
    static let largestFlatCell = 256.0
    /// Projected coordinates beyond this many pixels mean the layer is grazing the eye.
    static let coordinateLimit = SoftwareRasterizer.coordinateLimit

    /// Draws `list` with `screens` as the two screens' textures, at `scale` pixels per point,
    /// offset by (`originX`, `originY`) pixels.
    package func draw(_ list: DisplayList, screens: ScreenTextures, renderer: Renderer, scale: Double,
              originX: Double = 0, originY: Double = 0) {
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        for layer in list.layers where layer.opacity > 0 {
            let texture = layer.screen == .from ? screens.from : screens.to
            if copyFlat(layer, texture: texture, screenSize: list.size, renderer: renderer, scale: scale, originX: originX, originY: originY) {
                continue
            }
            vertices.removeAll(keepingCapacity: true)
            indices.removeAll(keepingCapacity: true)
            guard mesh(for: layer, screenSize: list.size, scale: scale, originX: originX, originY: originY,
                       vertices: &vertices, indices: &indices) else { continue }
            renderer.geometry(texture: texture, vertices: &vertices, indices: &indices, opaque: layer.opacity >= 1)
        }
    }

    /// Draws a layer that is only moved and scaled (no rotation, mirror or perspective) as a
    /// plain texture copy, which SDL's blitters do far faster than triangles, without blending
    /// when it is opaque. False when the layer needs a mesh.
    func copyFlat(_ layer: Layer, texture: Texture, screenSize: Size, renderer: Renderer, scale: Double,
                  originX: Double, originY: Double) -> Bool {
        let m = layer.transform.m
        guard !layer.transform.hasPerspective, m[1] == 0, m[4] == 0, m[0] > 0, m[5] > 0 else { return false }
        let rect = layer.sourceRect
        let pixelsPerPoint = Double(texture.width) / screenSize.width
        let source = SDL_Rect(x: Int32((rect.minX * pixelsPerPoint).rounded()), y: Int32((rect.minY * pixelsPerPoint).rounded()),
                              w: Int32((rect.size.width * pixelsPerPoint).rounded()), h: Int32((rect.size.height * pixelsPerPoint).rounded()))
        let destination = SDL_FRect(x: Float(originX + (m[0] * rect.minX + m[3]) * scale), y: Float(originY + (m[5] * rect.minY + m[7]) * scale),
                                    w: Float(m[0] * rect.size.width * scale), h: Float(m[5] * rect.size.height * scale))
        guard abs(destination.x) < Float(Self.coordinateLimit), abs(destination.y) < Float(Self.coordinateLimit) else { return true }
        renderer.copy(texture, source: source, destination: destination, opacity: layer.opacity, brightness: 1 - layer.shade)
        return true
    }

    /// Builds the layer's mesh; false when the layer is behind the eye or faces away.
    func mesh(for layer: Layer, screenSize: Size, scale: Double, originX: Double, originY: Double,
              vertices: inout [SDL_Vertex], indices: inout [Int32]) -> Bool {
        let transform = layer.transform
        let hasPerspective = transform.hasPerspective
        let rect = layer.sourceRect
        let extent = max(rect.size.width, rect.size.height) * scale * max(abs(transform.m[0]) + abs(transform.m[1]), abs(transform.m[4]) + abs(transform.m[5]), 1)
        // In perspective, cells of about 24 pixels keep the affine error per cell invisible; small
        // layers (explode's pieces) need far fewer cells than a whole screen.
        let perspectiveCells = min(Self.perspectiveSubdivisions, max(2, Int((extent / Self.perspectiveCellSize).rounded(.up))))
        let flatCells = Int((extent / Self.largestFlatCell).rounded(.up))
        // Depth (w) that changes only along x, as in a turn about a vertical axis, needs cells
        // only across x: strips are as correct as a grid and far fewer triangles.
        let wAlongX = abs(transform.m[12]) * rect.size.width
        let wAlongY = abs(transform.m[13]) * rect.size.height
        let columns = max(hasPerspective && wAlongX > 1e-4 ? perspectiveCells : 1, flatCells)
        let rows = max(hasPerspective && wAlongY > 1e-4 ? perspectiveCells : 1, flatCells)
        let brightness = UInt8(max(0, min(255, (1 - layer.shade) * 255)))
        let alpha = UInt8(max(0, min(255, layer.opacity * 255)))
        let color = SDL_Color(r: brightness, g: brightness, b: brightness, a: alpha)
        for row in 0...rows {
            for column in 0...columns {
                let u = Double(column) / Double(columns)
                let v = Double(row) / Double(rows)
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
        if !layer.isDoubleSided && signedArea(vertices, columns: columns, rows: rows) < 0 { return false }
        let stride = Int32(columns + 1)
        for row in 0..<Int32(rows) {
            for column in 0..<Int32(columns) {
                let topLeft = row * stride + column
                indices += [topLeft, topLeft + 1, topLeft + stride, topLeft + 1, topLeft + stride + 1, topLeft + stride]
            }
        }
        return true
    }

    /// Twice the signed area of the mesh's outer quad; negative when it is seen from behind.
    private func signedArea(_ vertices: [SDL_Vertex], columns: Int, rows: Int) -> Double {
        let stride = columns + 1
        let corners = [0, columns, stride * (rows + 1) - 1, stride * rows].map { vertices[$0].position }
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
package struct ScreenTextures {
    let from: Texture
    let to: Texture
}
