// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GestureLab",
    products: [
        .executable(name: "gesture-lab", targets: ["SDLFront"]),
        .library(name: "Engine", targets: ["Engine"]),
        .library(name: "Interaction", targets: ["Interaction"]),
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
        .target(name: "Interaction", dependencies: ["Engine"]),
        .executableTarget(name: "SDLFront", dependencies: ["Interaction", "Engine", "CSDL"]),
        .executableTarget(name: "Fuzz", dependencies: ["Interaction"]),
        .testTarget(name: "EngineTests", dependencies: ["Engine"]),
        .testTarget(name: "InteractionTests", dependencies: ["Interaction", "Engine"], exclude: ["Fixtures"]),
        .testTarget(name: "SDLFrontTests", dependencies: ["SDLFront", "Interaction", "Engine"], exclude: ["Golden"]),
    ]
)
