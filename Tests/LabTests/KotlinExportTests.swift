import Foundation
import Interaction
@testable import Lab
@testable import PolicyExport
import Testing

/// The Kotlin `export-policy --for compose|android` prints, compiled by Debian's `kotlinc`
/// (package `kotlin`, which `make test` installs) and run on a grid of releases that crowds
/// every threshold and the projection's boundary (each exactly, one ulp either side and 1e-9
/// either side): it decides every one as the lab does. The same functions rewritten in Float,
/// as the snippets were before, are run on the same grid to show that the grid finds where
/// Float differs. One compilation for every rule.
@Suite("Exported Kotlin against the lab")
struct KotlinExportTests {
    static let kotlinc = ExecutableSearch.onPath("kotlinc")
    static let kotlin = ExecutableSearch.onPath("kotlin")

    /// Every rule of the goldens, and one more of each family with other numbers.
    static let specs: [String] = PolicyExportTests.rules.map(\.spec) + [
        "position:threshold=0.35",
        "velocity-position:finish-velocity=500,position=0.2,cancel-velocity=-150",
        "fling:velocity=2.5/s,position=0.3,at-threshold=finish",
        "fling:velocity=90pt/s,position=0.65",
        "projected:deceleration=0.99,threshold=0.35,back-velocity=50",
    ]

    /// Progress and velocities (points per second) every rule is tried at.
    static let baseProgress = [0, 0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 0.9, 1]
    static let baseVelocities = [-3000, -675, -300, -200, -125, -50, 0, 50, 125, 300, 675, 3000.0]
    /// Points of travel for progress 1, and screen widths in points.
    static let distances = [200, 333.3], screenWidths = [800, 411.4]

    /// `value` exactly, one ulp either side and 1e-9 either side.
    static func around(_ value: Double) -> [Double] {
        [value, value.nextDown, value.nextUp, value - 1e-9, value + 1e-9]
    }

    /// One release to decide: progress, velocity, distance, screen width.
    struct Release {
        let progress: Double, velocity: Double, distance: Double, screenWidth: Double
    }

    /// The grid for `rule`: the base values and the neighbourhood of each of its thresholds.
    static func grid(_ rule: ThresholdRule) -> [Release] {
        var progress = baseProgress, velocities = baseVelocities
        var widths = [screenWidths[0]], lengths = [distances[0]]
        switch rule {
        case .position(let rule):
            progress += around(rule.threshold)
        case .velocityAndPosition(let rule):
            progress += around(rule.positionThreshold)
            velocities += around(rule.finishVelocity) + around(rule.cancelVelocity)
        case .fling(let rule):
            let minimum = rule.minimumVelocity
            progress += around(rule.positionThreshold)
            if rule.unit == .pointsPerSecond {
                velocities += around(minimum) + around(-minimum)
            } else {
                widths = screenWidths
                for width in screenWidths {
                    for speed in [minimum, -minimum] {
                        velocities += around(speed * width) + [(speed - 1e-9) * width, (speed + 1e-9) * width]
                    }
                }
            }
        case .anchoredDraggable(let rule):
            // The anchors themselves are boundaries too: a release at either stays there.
            progress += around(rule.positionThreshold) + around(0) + around(1)
            velocities += around(rule.minimumVelocity) + around(-rule.minimumVelocity)
        case .projection(let rule):
            let (rate, threshold, back) = (rule.decelerationRate, rule.threshold, rule.backVelocity)
            lengths = distances
            velocities += around(-back)
            progress += around(threshold)
            // The progress whose projection lands on the threshold, for every velocity and distance.
            for velocity in velocities {
                for distance in distances {
                    progress += around(threshold - (velocity / distance / 1000) * rate / (1 - rate))
                }
            }
        }
        var releases: [Release] = []
        for p in Set(progress).sorted() {
            for v in Set(velocities).sorted() {
                for distance in lengths {
                    for width in widths { releases.append(Release(progress: p, velocity: v, distance: distance, screenWidth: width)) }
                }
            }
        }
        return releases
    }

    /// `function` (Kotlin in Double) rewritten in Float, as the snippets were: Float parameters
    /// and `f` literals.
    static func inFloat(_ function: [String]) -> [String] {
        function.map { line in
            let typed = line.replacingOccurrences(of: ": Double", with: ": Float")
            return typed.replacingOccurrences(of: #"(?<![A-Za-z0-9_.])(\d+\.\d+(?:e-?\d+)?|\d+e-?\d+)"#, with: "$1f", options: .regularExpression)
        }
    }

    /// The platform API the snippets call, declared with the platform's own types (velocities,
    /// density and progress in Float, widths in Int) and no behaviour: enough for kotlinc to
    /// type-check the snippets as printed. File name → source.
    static let platformStubs: [(String, String)] = [
        ("AndroidView.kt", """
            package android.view
            class MotionEvent
            class VelocityTracker {
                val xVelocity: Float = 0f
                fun addMovement(event: MotionEvent) {}
                fun computeCurrentVelocity(units: Int) {}
            }
            class View { val resources = android.content.res.Resources() }
            """),
        ("AndroidResources.kt", "package android.content.res\nclass Resources { val displayMetrics = android.util.DisplayMetrics() }\n"),
        ("AndroidMetrics.kt", "package android.util\nclass DisplayMetrics { @JvmField var density: Float = 1f; @JvmField var widthPixels: Int = 0 }\n"),
        ("ComposeRuntime.kt", "package androidx.compose.runtime\nannotation class Composable\n"),
        ("ComposeUi.kt", "package androidx.compose.ui\ninterface Modifier { companion object : Modifier }\n"),
        ("ComposePlatform.kt", """
            package androidx.compose.ui.platform
            class Density(val density: Float)
            object LocalDensity { val current = Density(1f) }
            class Configuration(@JvmField val screenWidthDp: Int)
            object LocalConfiguration { val current = Configuration(0) }
            """),
        ("ComposeGestures.kt", """
            package androidx.compose.foundation.gestures
            import androidx.compose.ui.Modifier
            enum class Orientation { Vertical, Horizontal }
            interface DraggableState
            fun rememberDraggableState(onDelta: (Float) -> Unit): DraggableState = object : DraggableState {}
            fun Modifier.draggable(state: DraggableState, orientation: Orientation, onDragStopped: suspend (velocity: Float) -> Unit = {}): Modifier = this
            """),
    ]

    /// Every snippet for `platform` that has a `shouldFinish`, as a file in its own package
    /// (`android3`, `compose3`, …): index of the rule → file name and source.
    static func snippets(_ exporters: [PolicyExporter], for platform: PolicyExporter.Platform) -> [Int: (String, String)] {
        var files: [Int: (String, String)] = [:]
        for (index, exporter) in exporters.enumerated() {
            let snippet = exporter.snippet(for: platform)
            guard snippet.contains("fun shouldFinish(") else { continue }
            files[index] = ("\(platform.rawValue)\(index).kt", "package \(platform.rawValue)\(index)\n" + snippet)
        }
        return files
    }

    /// The program that runs the grid: every rule's `shouldFinish` from its Android snippet, from
    /// its Compose snippet (when it has one) and rewritten in Float (`RuleNF`). It reads
    /// `rule progress velocity distance width` lines and prints three lines of 1 (finish) and 0
    /// (cancel): Android's decisions, Compose's (`-` where there is no function), the Float ones.
    static func program(_ exporters: [PolicyExporter], compose: Set<Int>) -> String {
        var lines = ["import kotlin.math.abs", ""]
        var cases: [String] = []
        for (index, exporter) in exporters.enumerated() {
            lines += ["object Rule\(index)F {"] + inFloat(exporter.decisionFunction(.kotlin, unit: "dp per second", indent: "    ")) + ["}", ""]
            let names = ["p", "v"] + exporter.extraParameterNames.map { $0 == "distance" ? "d" : "w" }
            let doubles = names.joined(separator: ", "), floats = names.map { "\($0).toFloat()" }.joined(separator: ", ")
            let composed = compose.contains(index) ? "mark(compose\(index).shouldFinish(\(doubles)))" : "'-'"
            cases.append("            \(index) -> Triple(mark(android\(index).shouldFinish(\(doubles))), \(composed), mark(Rule\(index)F.shouldFinish(\(floats))))")
        }
        lines += [
            "fun mark(finish: Boolean): Char = if (finish) '1' else '0'",
            "",
            "fun main(args: Array<String>) {",
            "    val android = StringBuilder()",
            "    val compose = StringBuilder()",
            "    val inFloat = StringBuilder()",
            "    java.io.File(args[0]).forEachLine { line ->",
            "        val f = line.split(' ')",
            "        val p = f[1].toDouble()",
            "        val v = f[2].toDouble()",
            "        val d = f[3].toDouble()",
            "        val w = f[4].toDouble()",
            "        val decided = when (f[0].toInt()) {",
        ] + cases + [
            "            else -> throw IllegalArgumentException(line)",
            "        }",
            "        android.append(decided.first)",
            "        compose.append(decided.second)",
            "        inFloat.append(decided.third)",
            "    }",
            "    println(android)",
            "    println(compose)",
            "    println(inFloat)",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs `tool` with `arguments`; its standard output, or a failure naming it and its error output.
    static func run(_ tool: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting, so a full pipe cannot stall the tool.
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(tool.lastPathComponent) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(errorText)")
        }
        return text
    }

    struct ToolFailure: Error, CustomStringConvertible { let description: String }

    @Test(.enabled(if: kotlinc != nil && kotlin != nil,
                   "kotlinc and kotlin are not on PATH: install Debian's kotlin package (make test installs it)"))
    func exportedKotlinDecidesEveryReleaseOfTheGridAsTheLabDoes() throws {
        let exporters = try Self.specs.map { PolicyExporter(spec: try PolicySpec.parse($0)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kotlin-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var input = "", expected: [Bool] = []
        for (index, exporter) in exporters.enumerated() {
            for release in Self.grid(exporter.spec.rule) {
                input += "\(index) \(release.progress) \(release.velocity) \(release.distance) \(release.screenWidth)\n"
                let measured = ReleaseMeasurement(progress: release.progress, velocity: release.velocity,
                                                  pointsPerProgress: release.distance, screenExtent: release.screenWidth)
                expected.append(exporter.spec.rule.verdict(measured) == .finish)
            }
        }
        let android = Self.snippets(exporters, for: .android), compose = Self.snippets(exporters, for: .compose)
        #expect(android.count == exporters.count)
        // Only Compose's own rule has no shouldFinish: AnchoredDraggableState decides, and its header says it does so in Float.
        for index in exporters.indices where compose[index] == nil {
            #expect(exporters[index].spec.canonical == ThresholdPolicy.compose.name)
            #expect(exporters[index].snippet(for: .compose).contains("in 32-bit Float pixels"))
        }
        var sources: [String] = []
        for (name, text) in Self.platformStubs + Array(android.values) + Array(compose.values)
            + [("Rules.kt", Self.program(exporters, compose: Set(compose.keys)))] {
            let file = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            sources.append(file.path)
        }
        let grid = folder.appendingPathComponent("grid.txt"), jar = folder.appendingPathComponent("rules.jar")
        try Data(input.utf8).write(to: grid)
        _ = try Self.run(try #require(Self.kotlinc), ["-nowarn"] + sources + ["-d", jar.path])
        let lines = try Self.run(try #require(Self.kotlin), ["-cp", jar.path, "RulesKt", grid.path]).split(separator: "\n").map(Array.init)
        try #require(lines.count == 3 && lines.allSatisfy { $0.count == expected.count })
        let rows = input.split(separator: "\n")
        let androidDifferences = expected.indices.filter { (lines[0][$0] == "1") != expected[$0] }
        let composeDifferences = expected.indices.filter { lines[1][$0] != "-" && (lines[1][$0] == "1") != expected[$0] }
        let composeCount = lines[1].filter { $0 != "-" }.count
        let floatDifferences = expected.indices.filter { (lines[2][$0] == "1") != expected[$0] }
        print("exported Kotlin (kotlinc): \(expected.count) releases of \(exporters.count) rules decided by the Android snippets, "
              + "\(androidDifferences.count) otherwise than the lab; \(composeCount) by the Compose snippets, \(composeDifferences.count) otherwise; "
              + "the same functions in Float: \(floatDifferences.count) otherwise")
        #expect(expected.count >= 2187)
        #expect(androidDifferences.isEmpty, "first: \(androidDifferences.prefix(5).map { rows[$0] })")
        #expect(composeDifferences.isEmpty, "first: \(composeDifferences.prefix(5).map { rows[$0] })")
        // The grid reaches where Float and Double part: were the snippets still in Float, it would fail.
        #expect(floatDifferences.count > 0)
    }
}
