import CSDL
import FoundationEssentials
import Glibc

/// Paints the two app screens a transition moves between: a title bar with a back chevron
/// and a title, an image-like banner, and a list of rows with text. The from-screen is a
/// blue mail list, the to-screen an orange photo detail, so they are never confused.
package struct ScreenPainter {
    /// Which of the two screens to paint.
    enum Screen {
        case inbox
        case detail
    }

    /// Paints both screens into new textures of `width`×`height` pixels at `scale` pixels per point.
    package static func makeTextures(renderer: Renderer, text: TextPainter, width: Int, height: Int, scale: Double) throws -> ScreenTextures {
        let from = try Texture(targetFor: renderer, width: width, height: height)
        let to = try Texture(targetFor: renderer, width: width, height: height)
        paint(.inbox, into: from, renderer: renderer, text: text, scale: scale)
        paint(.detail, into: to, renderer: renderer, text: text, scale: scale)
        return ScreenTextures(from: from, to: to)
    }

    static func paint(_ screen: Screen, into texture: Texture, renderer: Renderer, text: TextPainter, scale: Double) {
        renderer.setTarget(texture)
        defer { renderer.setTarget(nil) }
        paint(screen, width: Double(texture.width), height: Double(texture.height), renderer: renderer, text: text, scale: scale)
    }

    /// Paints `screen` over whatever `renderer` draws into now (its target), `width`×`height`
    /// pixels at `scale` pixels per point.
    static func paint(_ screen: Screen, width: Double, height: Double, renderer: Renderer, text: TextPainter, scale: Double) {
        let style = Style(screen)
        renderer.clear(style.background)

        // Title bar with a back chevron and the title.
        let barHeight = 56 * scale
        renderer.fill(x: 0, y: 0, width: width, height: barHeight, color: style.bar)
        let chevronX = 18 * scale
        let chevronMid = barHeight / 2
        renderer.thickLine(from: (chevronX + 9 * scale, chevronMid - 10 * scale), to: (chevronX, chevronMid), width: 3 * scale, color: style.barText)
        renderer.thickLine(from: (chevronX, chevronMid), to: (chevronX + 9 * scale, chevronMid + 10 * scale), width: 3 * scale, color: style.barText)
        text.draw(style.backLabel, x: chevronX + 16 * scale, y: chevronMid - 9 * scale, size: .body, color: style.barText)
        text.draw(style.title, x: width / 2, y: chevronMid - 13 * scale, size: .title, bold: true, color: style.barText, alignment: .center)

        // An image-like banner: a sky gradient, a sun and two hills.
        let bannerTop = barHeight
        let bannerHeight = min(height * 0.32, 220 * scale)
        let bands = 24
        for band in 0..<bands {
            let fraction = Double(band) / Double(bands - 1)
            renderer.fill(x: 0, y: bannerTop + bannerHeight * Double(band) / Double(bands), width: width,
                          height: bannerHeight / Double(bands) + 1, color: style.sky(fraction))
        }
        renderer.circle(center: (width * style.sunX, bannerTop + bannerHeight * 0.35), radius: bannerHeight * 0.16, color: style.sun)
        hill(renderer, left: -width * 0.1, right: width * 0.7, base: bannerTop + bannerHeight, peak: bannerTop + bannerHeight * 0.45, color: style.farHill)
        hill(renderer, left: width * 0.3, right: width * 1.1, base: bannerTop + bannerHeight, peak: bannerTop + bannerHeight * 0.6, color: style.nearHill)
        text.draw(style.caption, x: 16 * scale, y: bannerTop + bannerHeight - 30 * scale, size: .body, bold: true, color: Color(255, 255, 255))

        // The list of rows.
        let rowHeight = 64 * scale
        var rowTop = bannerTop + bannerHeight
        var index = 0
        while rowTop < height {
            let row = style.rows[index % style.rows.count]
            renderer.fill(x: 0, y: rowTop, width: width, height: rowHeight, color: index % 2 == 0 ? style.background : style.alternateRow)
            renderer.circle(center: (34 * scale, rowTop + rowHeight / 2), radius: 18 * scale, color: style.avatar(index))
            text.draw(String(row.title.prefix(1)), x: 34 * scale, y: rowTop + rowHeight / 2 - 10 * scale, size: .body, bold: true,
                      color: Color(255, 255, 255), alignment: .center)
            text.draw(row.title, x: 64 * scale, y: rowTop + 12 * scale, size: .body, bold: true, color: style.text)
            text.draw(row.detail, x: 64 * scale, y: rowTop + 34 * scale, size: .small, color: style.secondaryText)
            renderer.fill(x: 64 * scale, y: rowTop + rowHeight - 1, width: width, height: 1, color: style.separator)
            rowTop += rowHeight
            index += 1
        }
    }

    private static func hill(_ renderer: Renderer, left: Double, right: Double, base: Double, peak: Double, color: Color) {
        let steps = 32
        var corners: [(Double, Double)] = [(left, base)]
        for step in 0...steps {
            let fraction = Double(step) / Double(steps)
            corners.append((left + (right - left) * fraction, base - (base - peak) * sin(fraction * Double.pi)))
        }
        corners.append((right, base))
        renderer.polygon(corners, color: color)
    }

    /// Colors and words of one screen.
    private struct Style {
        let title: String
        let backLabel: String
        let caption: String
        let background: Color
        let alternateRow: Color
        let bar: Color
        let barText: Color
        let text: Color
        let secondaryText: Color
        let separator: Color
        let sun: Color
        let sunX: Double
        let farHill: Color
        let nearHill: Color
        let skyTop: Color
        let skyBottom: Color
        let rows: [(title: String, detail: String)]
        let avatarHues: [Color]

        init(_ screen: Screen) {
            switch screen {
            case .inbox:
                title = "Inbox"
                backLabel = "Mail"
                caption = "Screen A · Inbox"
                background = Color(246, 248, 252)
                alternateRow = Color(236, 241, 250)
                bar = Color(32, 92, 196)
                barText = Color(255, 255, 255)
                text = Color(20, 30, 50)
                secondaryText = Color(90, 100, 120)
                separator = Color(210, 218, 232)
                sun = Color(255, 236, 150)
                sunX = 0.78
                farHill = Color(60, 120, 200)
                nearHill = Color(30, 80, 160)
                skyTop = Color(120, 180, 250)
                skyBottom = Color(200, 230, 255)
                rows = [("Ada Lovelace", "Notes on the analytical engine"), ("Grace Hopper", "Re: the first actual bug"),
                        ("Alan Kay", "The best way to predict the future"), ("Edsger Dijkstra", "Go To considered harmful"),
                        ("Barbara Liskov", "Substitution, again"), ("Donald Knuth", "A cheque for $2.56"),
                        ("Margaret Hamilton", "Priority displays"), ("Ken Thompson", "Reflections on trusting trust")]
                avatarHues = [Color(52, 120, 246), Color(88, 86, 214), Color(0, 150, 200), Color(30, 60, 160)]
            case .detail:
                title = "Photo"
                backLabel = "Inbox"
                caption = "Screen B · Sunset at the lab"
                background = Color(255, 250, 242)
                alternateRow = Color(252, 240, 224)
                bar = Color(214, 96, 28)
                barText = Color(255, 255, 255)
                text = Color(60, 30, 10)
                secondaryText = Color(130, 90, 60)
                separator = Color(236, 214, 190)
                sun = Color(255, 210, 90)
                sunX = 0.25
                farHill = Color(180, 70, 60)
                nearHill = Color(120, 40, 50)
                skyTop = Color(250, 140, 70)
                skyBottom = Color(255, 214, 150)
                rows = [("Camera", "Gesture Lab One · 35 mm · f/2"), ("Exposure", "1/120 s at ISO 100"),
                        ("Location", "Threshold Valley"), ("Tags", "sunset, hills, swipe"),
                        ("Shared with", "Ada, Grace and Alan"), ("Comments", "“Finish it!” — “No, cancel.”")]
                avatarHues = [Color(230, 110, 40), Color(200, 60, 60), Color(240, 160, 40), Color(160, 80, 40)]
            }
        }

        func sky(_ fraction: Double) -> Color {
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8(Double(a) + (Double(b) - Double(a)) * fraction) }
            return Color(mix(skyTop.red, skyBottom.red), mix(skyTop.green, skyBottom.green), mix(skyTop.blue, skyBottom.blue))
        }

        func avatar(_ index: Int) -> Color { avatarHues[index % avatarHues.count] }
    }
}
