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
        // The command line without SDL: argument parsing, output, the capture page, policy export
        // and CI reports. The capture page's HTML, CSS and JavaScript are files of their own, built
        // into the binary by the EmbedCapturePage plugin (its tool, EmbedFiles, writes them as strings).
        .target(name: "Lab", dependencies: ["Traces", "Interaction", "Engine"],
                exclude: ["CapturePage/Page"], plugins: ["EmbedCapturePage"]),
        .executableTarget(name: "SDLFront", dependencies: ["Lab", "Traces", "Interaction", "Engine", "Serving", "CSDL"]),
        .executableTarget(name: "EmbedFiles"),
        .plugin(name: "EmbedCapturePage", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "Fuzz", dependencies: ["Traces", "Interaction", "Serving"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "InteractionTests", dependencies: ["Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "TracesTests", dependencies: ["Traces", "Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "ServingTests", dependencies: ["Serving"]),
        .testTarget(name: "LabTests", dependencies: ["Lab", "Traces", "Interaction", "Engine"], exclude: ["Golden"]),
        .testTarget(name: "SDLFrontTests", dependencies: ["SDLFront", "Lab", "Traces", "Interaction", "Engine"], exclude: ["Golden"]),
    ]
)
