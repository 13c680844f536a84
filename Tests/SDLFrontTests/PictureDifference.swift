/// How far a rendered picture is from its reference, pixel by pixel (ARGB8888 rows).
///
/// The tolerance: a pixel matches when some reference pixel at most
/// ``neighbourhood`` pixels away in x and y is within ``channelTolerance`` levels in every
/// channel. That accepts a layer edge or a sampled texel landing one pixel over (the
/// rasteriser's sampling positions and edge rules differ from SDL's triangle rasteriser by up
/// to half a pixel) and rounding by a level or two, and still catches a wrong colour, a
/// missing or misplaced layer and a wrong blend. At most ``copiedOutlierFraction`` of the
/// pixels may fail in a frame of copied layers, and ``resampledOutlierFraction`` in a frame with a
/// rotated or perspective layer: SDL drew those as triangles 24 pixels across with texture
/// coordinates affine in each, the rasteriser perspective-correct every 16 pixels, so nearest
/// sampling picks a neighbouring texel here and there, which in small text can be a texel of
/// another colour (1.4% of the pixels at worst, in cube@0.5, all inside text and thin lines).
struct PictureDifference: CustomStringConvertible {
    /// Levels (0…255) a channel may differ by.
    static let channelTolerance = 4
    /// Pixels a match may be away.
    static let neighbourhood = 1
    /// The share of pixels allowed to match nothing nearby when every layer is copied.
    static let copiedOutlierFraction = 0.002
    /// The share when a layer is rotated or seen in perspective.
    static let resampledOutlierFraction = 0.015

    /// Pixels equal to the reference pixel at the same place.
    let exact: Int
    /// Pixels with no match in their neighbourhood.
    let outliers: Int
    /// The largest channel difference against the reference pixel at the same place.
    let worstChannel: Int
    let pixelCount: Int
    /// The share of pixels allowed to match nothing nearby.
    let outlierFraction: Double

    init(_ picture: [UInt8], _ reference: [UInt8], width: Int, height: Int, resampled: Bool = false) {
        pixelCount = width * height
        outlierFraction = resampled ? Self.resampledOutlierFraction : Self.copiedOutlierFraction
        guard picture.count == pixelCount * 4, reference.count == pixelCount * 4 else {
            exact = 0
            outliers = pixelCount
            worstChannel = 255
            return
        }
        func distance(_ a: Int, _ b: Int) -> Int {
            var largest = 0
            for channel in 0..<3 { largest = max(largest, abs(Int(picture[a + channel]) - Int(reference[b + channel]))) }
            return largest
        }
        var exact = 0
        var outliers = 0
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let here = distance(index, index)
                worst = max(worst, here)
                if here == 0 { exact += 1 }
                if here <= Self.channelTolerance { continue }
                var matched = false
                for otherY in max(0, y - Self.neighbourhood)...min(height - 1, y + Self.neighbourhood) where !matched {
                    for otherX in max(0, x - Self.neighbourhood)...min(width - 1, x + Self.neighbourhood)
                    where distance(index, (otherY * width + otherX) * 4) <= Self.channelTolerance {
                        matched = true
                        break
                    }
                }
                if !matched { outliers += 1 }
            }
        }
        self.exact = exact
        self.outliers = outliers
        worstChannel = worst
    }

    var isWithinTolerance: Bool { Double(outliers) <= outlierFraction * Double(pixelCount) }

    var description: String {
        "\(outliers) of \(pixelCount) pixels match nothing within \(Self.neighbourhood) px and \(Self.channelTolerance) levels "
            + "(at most \(Int(outlierFraction * Double(pixelCount))) allowed); \(exact) exact; worst channel \(worstChannel)"
    }
}
