// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "GestureLab",
    products: [
        .executable(name: "gesture-lab", targets: ["SDLFront"]),
        .library(name: "Engine", targets: ["Engine"]),
        .library(name: "Interaction", targets: ["Interaction"]),
        .library(name: "Traces", targets: ["Traces"]),
        // libFuzzer harnesses: `make fuzz`, or see Sources/Fuzz/FuzzEntry.swift.
        .executable(name: "Fuzz", targets: ["Fuzz"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev"])]
        ),
        .target(name: "Engine"),
        // The gesture core a Swift app can embed: pointer events, velocity, recognizers, arena,
        // controllers, policies and the stage. No JSON, no files.
        .target(name: "Interaction", dependencies: ["Engine"]),
        // Trace files: the format, JSON, reader and writer, importers, trace tools, checks.
        .target(name: "Traces", dependencies: ["Interaction", "Engine"]),
        // What `play --serve` needs that is not sockets or SDL: the HTTP request parser, the
        // access token and the phone's clock mapped onto the window's. No dependencies.
        .target(name: "Serving"),
        // The capture page's HTML, CSS and JavaScript (files of their own in Lab/CapturePage/Page)
        // built into the binary with C23's #embed.
        .target(name: "CCapturePage"),
        // The rasteriser's innermost pixel loops in SSE2, and a cache prefetch: what Swift cannot
        // spell (a 16-bit multiply high, a prefetch instruction).
        .target(name: "CPixels"),
        // The command line without SDL: argument parsing, output, the capture page, policy export
        // and CI reports.
        .target(name: "Lab", dependencies: ["Traces", "Interaction", "Engine", "CCapturePage"],
                exclude: ["CapturePage/Page"]),
        .executableTarget(name: "SDLFront", dependencies: ["Lab", "Traces", "Interaction", "Engine", "Serving", "CSDL", "CPixels"]),
        .executableTarget(name: "Fuzz", dependencies: ["Traces", "Interaction", "Serving"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "InteractionTests", dependencies: ["Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "TracesTests", dependencies: ["Traces", "Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "ServingTests", dependencies: ["Serving"]),
        .testTarget(name: "LabTests", dependencies: ["Lab", "Traces", "Interaction", "Engine"], exclude: ["Golden"]),
        .testTarget(name: "SDLFrontTests", dependencies: ["SDLFront", "Lab", "Traces", "Interaction", "Engine"], exclude: ["Golden"]),
    ],
    // C23, for #embed (Sources/CCapturePage).
    cLanguageStandard: .c2x
)
