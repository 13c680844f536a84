// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "GestureLab",
    products: [
        .executable(name: "gesture-lab", targets: ["GestureLabMain"]),
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
        // The operating system's plumbing every module above the core shares: paths, threads,
        // locks, pauses, the monotonic clock, C formatting and repeated timings.
        .target(name: "Plumbing"),
        // The gesture core a Swift app can embed: pointer events, velocity, recognizers, arena,
        // controllers, policies and the stage. No JSON, no files.
        .target(name: "Interaction", dependencies: ["Engine"]),
        // Trace files: the format, JSON, reader and writer, importers, trace tools, checks.
        .target(name: "Traces", dependencies: ["Plumbing", "Interaction", "Engine"]),
        // What `play --serve` needs that is not sockets or SDL: the HTTP request parser, the
        // access token and the phone's clock mapped onto the window's. No dependencies.
        .target(name: "Serving"),
        // The capture page's HTML, CSS and JavaScript (files of their own in CapturePage/Page)
        // built into the binary with C23's #embed.
        .target(name: "CCapturePage"),
        // The rasteriser's innermost pixel loops in SSE2, and a cache prefetch: what Swift cannot
        // spell (a 16-bit multiply high, a prefetch instruction).
        .target(name: "CPixels"),
        // The software rasteriser: an Engine display list drawn into 32-bit pixels in memory,
        // in bands across threads. No SDL.
        .target(name: "Rasterizer", dependencies: ["Engine", "CPixels"]),
        // Policies written as code for each platform (`export-policy`, the capture page's rule).
        .target(name: "PolicyExport", dependencies: ["Interaction"]),
        // What every command and the window write with: the console, output files that replace
        // nothing without --force, the errors they report and the exit codes.
        .target(name: "Output", dependencies: ["Plumbing", "Traces", "Interaction"]),
        // The capture page: the phone's page for `play --serve` and the standalone page of
        // `capture-page`, its files (Page/) built in by CCapturePage.
        .target(name: "CapturePage", dependencies: ["PolicyExport", "Traces", "Interaction", "Engine", "CCapturePage"], exclude: ["Page"]),
        // The window's logic without SDL: live input and frame pacing, what events mean,
        // recording, replay, the touch server; tested with virtual time.
        .target(name: "Playground", dependencies: ["Plumbing", "Output", "Traces", "Interaction", "Engine", "Serving", "Rasterizer"]),
        // The command line: every command, declared once, reaching the window, the pictures and
        // the bench through ports (Platform, BenchRunner) that the program's main fills. No SDL.
        .target(name: "Lab", dependencies: ["Plumbing", "Playground", "Output", "CapturePage", "PolicyExport", "Traces", "Interaction", "Engine"]),
        // The platform, the only module that imports CSDL: the window, the renderer, events and
        // offscreen pictures.
        .target(name: "SDLFront", dependencies: ["Plumbing", "CSDL", "Playground", "Rasterizer", "Output", "CapturePage", "Traces", "Interaction", "Engine", "Serving"]),
        // `gesture-lab bench`'s sections: attached to the window as an observer, never the
        // other way.
        .target(name: "Bench", dependencies: ["Plumbing", "Lab", "SDLFront", "Playground", "Rasterizer", "Output", "Traces", "Interaction", "Engine"]),
        // The program: its main gives the command line SDL's platform and the bench.
        .executableTarget(name: "GestureLabMain", dependencies: ["Plumbing", "Lab", "SDLFront", "Bench", "Playground", "Output", "Traces", "Interaction", "Engine"]),
        .executableTarget(name: "Fuzz", dependencies: ["Plumbing", "Traces", "Interaction", "Serving"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "InteractionTests", dependencies: ["Plumbing", "Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "TracesTests", dependencies: ["Plumbing", "Traces", "Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "ServingTests", dependencies: ["Serving"]),
        .testTarget(name: "CapturePageTests", dependencies: ["CapturePage", "Traces", "Interaction", "Engine", "Plumbing"]),
        .testTarget(name: "LabTests", dependencies: ["Plumbing", "Lab", "Playground", "Output", "CapturePage", "PolicyExport", "Traces", "Interaction", "Engine"], exclude: ["Golden"]),
        .testTarget(name: "RasterizerTests", dependencies: ["Plumbing", "Rasterizer", "Engine"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Plumbing", "Playground", "Output", "Traces", "Interaction", "Engine", "Serving"]),
        .testTarget(name: "SDLFrontTests", dependencies: ["Plumbing", "GestureLabMain", "Bench", "SDLFront", "Playground", "Output", "CapturePage", "Rasterizer", "Lab", "Traces", "Interaction", "Engine"], exclude: ["Golden"]),
    ],
    // C23, for #embed (Sources/CCapturePage).
    cLanguageStandard: .c2x
)
