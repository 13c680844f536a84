import Foundation
import Testing

/// The modules' graph as the design fixes it, read from Package.swift and the sources' imports:
/// a module imports only what it declares, only the platform imports SDL, dependencies point
/// towards Engine, and the core reads no clock of the machine.
@Suite("Module graph")
struct ModuleGraphTests {
    /// Each target's declared dependencies, by name, read from Package.swift.
    static let declared: [String: Set<String>] = {
        guard let manifest = try? String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8) else { return [:] }
        let pattern = /\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name: "(\w+)"(?:,\s*(?:pkgConfig|dependencies): (\[[^\]]*\]|"[^"]*"))?/
        var targets: [String: Set<String>] = [:]
        for match in manifest.matches(of: pattern) {
            let list = match.output.2.map(String.init) ?? ""
            let names = list.hasPrefix("[") ? list.matches(of: /"(\w+)"/).map { String($0.output.1) } : []
            targets[String(match.output.1)] = Set(names)
        }
        return targets
    }()

    /// The folder holding `target`'s sources.
    static func folder(of target: String) -> URL {
        packageRoot.appendingPathComponent(target.hasSuffix("Tests") ? "Tests" : "Sources").appendingPathComponent(target)
    }

    /// The Swift files of `target`, with their text.
    static func sources(of target: String) -> [(path: String, text: String)] {
        let root = folder(of: target)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }.compactMap { url in
            (try? String(contentsOf: url, encoding: .utf8)).map { (url.path.replacingOccurrences(of: packageRoot.path + "/", with: ""), $0) }
        }
    }

    /// The modules `text` imports.
    static func imports(_ text: String) -> Set<String> {
        Set(text.matches(of: /(?m)^(?:@testable )?import (\w+)$/).map { String($0.output.1) })
    }

    /// Every module `target` reaches through its declared dependencies, itself excluded.
    static func reach(_ target: String) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(declared[target] ?? [])
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += declared[next] ?? []
        }
        return seen
    }

    @Test func theModulesAreThoseTheDesignNames() {
        let modules = Set(Self.declared.keys.filter { !$0.hasSuffix("Tests") })
        #expect(modules == ["CSDL", "Engine", "Plumbing", "Interaction", "Traces", "Serving", "CCapturePage", "CPixels", "Rasterizer", "PolicyExport",
                            "Output", "CapturePage", "Playground", "Lab", "SDLFront", "Bench", "GestureLabMain", "Fuzz"])
        #expect(Self.declared["Lab"]?.contains("Playground") == true)
    }

    @Test func everyImportOfAModuleOfThePackageIsDeclared() {
        for (target, dependencies) in Self.declared where target != "CSDL" {
            for file in Self.sources(of: target) {
                let undeclared = Self.imports(file.text).filter { Self.declared[$0] != nil && $0 != target && !dependencies.contains($0) }
                #expect(undeclared.isEmpty, "\(file.path) imports \(undeclared.sorted()), which \(target) does not declare")
            }
        }
    }

    @Test func onlyThePlatformImportsSDL() {
        let importers = Self.declared.keys.filter { target in
            !target.hasSuffix("Tests") && Self.sources(of: target).contains { Self.imports($0.text).contains("CSDL") }
        }
        #expect(importers == ["SDLFront"])
    }

    @Test func dependenciesPointTowardsEngine() {
        #expect(Self.declared["Engine"] == [])
        #expect(Self.declared["Interaction"] == ["Engine"])
        // The command line reaches the window, the pictures and the bench only through its ports.
        #expect(Self.reach("Lab").isDisjoint(with: ["SDLFront", "CSDL", "Bench", "GestureLabMain"]))
        // The window's logic knows neither SDL nor the command line.
        #expect(Self.reach("Playground").isDisjoint(with: ["SDLFront", "CSDL", "Lab", "Bench"]))
        // The platform knows neither the command line nor the bench that watches it.
        #expect(Self.reach("SDLFront").isDisjoint(with: ["Lab", "Bench", "GestureLabMain"]))
        for target in Self.declared.keys { #expect(!Self.reach(target).contains(target), "\(target) depends on itself") }
    }

    @Test func theCoreReadsNoClockOfTheMachine() {
        let clocks = ["Date()", "ContinuousClock", "SuspendingClock", "clock_gettime", "gettimeofday", "MonotonicTime", "ProcessInfo"]
        for target in ["Engine", "Interaction"] {
            for file in Self.sources(of: target) {
                let read = clocks.filter { file.text.contains($0) }
                #expect(read.isEmpty, "\(file.path) reads \(read)")
            }
        }
    }
}
