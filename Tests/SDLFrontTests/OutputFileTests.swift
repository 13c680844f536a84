import Foundation
@testable import GestureLabMain
import Interaction
@testable import Lab
@testable import Output
@testable import SDLFront
import Testing
import Traces

/// Every command that writes refuses to replace a file or follow a symbolic link unless
/// `--force`, and `trace label --in-place` writes the real file behind a link.
@Suite("Output files")
struct OutputFileTests {
    static let demo = packageRoot.appendingPathComponent("recordings/demo.json").path

    /// A fresh folder holding `existing` (the text "mine"), `victim.txt` (the text "victim")
    /// and `link` (a symbolic link to `victim.txt`).
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outputs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/existing"))
        try Data("victim".utf8).write(to: URL(fileURLWithPath: folder + "/victim.txt"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/victim.txt")
        return folder
    }

    static func text(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
    }

    /// Runs `command` with `--out` set to `existing` and to `link`: both refused (exit 3),
    /// nothing changed; with `--force`, both replaced, the link itself and not its target.
    func expectRefusedThenForced(_ command: [String]) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(GestureLab.run(command + ["--out", folder + "/existing"]) == .badInput)
        #expect(Self.text(folder + "/existing") == "mine")
        #expect(GestureLab.run(command + ["--out", folder + "/link"]) == .badInput)
        #expect(Self.text(folder + "/victim.txt") == "victim")
        #expect(Self.isLink(folder + "/link"))
        #expect(GestureLab.run(command + ["--out", folder + "/existing", "--force"]) == .success)
        #expect(Self.text(folder + "/existing") != "mine")
        #expect(GestureLab.run(command + ["--out", folder + "/link", "--force"]) == .success)
        #expect(!Self.isLink(folder + "/link"))
        #expect(Self.text(folder + "/victim.txt") == "victim")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func theDemosDefaultSheetTakesTheFirstFreeNameInsteadOfReplacing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(DemoCommand.firstFree(folder + "/sheet.png") == folder + "/sheet.png")
        #expect(DemoCommand.firstFree(folder + "/existing") == folder + "/existing-2")
        try FileManager.default.createSymbolicLink(atPath: folder + "/sheet.png", withDestinationPath: folder + "/nowhere")
        try FileManager.default.createDirectory(atPath: folder + "/sheet-2.png", withIntermediateDirectories: false)
        #expect(DemoCommand.firstFree(folder + "/sheet.png") == folder + "/sheet-3.png")
    }

    @Test func anOutputFolderIsRefusedBeforeAnyWorkWithOrWithoutForce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for force in [false, true] {
            #expect(throws: InputError.self) { try OutputFile.checkCanCreate(folder, force: force) }
            do { try OutputFile.checkCanCreate(folder, force: force) } catch let error as InputError {
                #expect(error.description == "\(folder): is a folder; give a file name")
            }
        }
        #expect(throws: InputError.self) { try OutputFile.checkCanCreate(folder + "/existing", force: false) }
        try OutputFile.checkCanCreate(folder + "/existing", force: true)
        try OutputFile.checkCanCreate(folder + "/new.png", force: false)
        #expect(GestureLab.run(["predict", Self.demo, "--plot", folder + "/existing"]) == .badInput)
        #expect(Self.text(folder + "/existing") == "mine")
    }

    @Test func anUnusablePolicyFileIsAnInputErrorEvenWithoutPolicy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(GestureLab.run(["check", Self.demo, "--policy-file", folder + "/missing.json"]) == .badInput)
        #expect(GestureLab.run(["check", Self.demo, "--policy-file", folder + "/existing"]) == .badInput)
        #expect(GestureLab.run(["check", Self.demo, "--policy-file", folder]) == .badInput)
        #expect(GestureLab.run(["check", Self.demo]) == .success)
    }

    @Test func logsAppendToARegularFileButNeverThroughALinkOrIntoAFIFO() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let log = try OutputFile.appending(folder + "/existing")
        try log.append(" and more\n")
        try log.finish()
        #expect(Self.text(folder + "/existing") == "mine and more\n")
        let fresh = try OutputFile.appending(folder + "/new/events.jsonl")
        try fresh.append("one\n")
        try fresh.finish()
        #expect(Self.text(folder + "/new/events.jsonl") == "one\n")
        let linkError = #expect(throws: InputError.self) { _ = try OutputFile.appending(folder + "/link") }
        #expect(linkError?.description == "\(folder)/link: is a symbolic link; logs are not written through links")
        #expect(Self.text(folder + "/victim.txt") == "victim")
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        let fifoError = #expect(throws: InputError.self) { _ = try OutputFile.appending(folder + "/fifo") }
        #expect(fifoError?.description == "\(folder)/fifo: is a FIFO (named pipe), not a regular file")
    }

    @Test func plotRefusesToReplace() throws {
        try expectRefusedThenForced(["plot", Self.demo])
    }

    @Test func renderOfATransitionRefusesToReplace() throws {
        try expectRefusedThenForced(["render", "--transition", "crossfade", "--progress", "0.5", "--size", "64x64"])
    }

    @Test func demoRefusesToReplaceAFileItWasNamed() throws {
        try expectRefusedThenForced(["demo", "--trace", Self.demo])
    }

    @Test func traceCommandsRefuseToReplace() throws {
        try expectRefusedThenForced(["trace", "transform", Self.demo, "--mirror", "x"])
        try expectRefusedThenForced(["trace", "export", Self.demo, "--format", "csv"])
        try expectRefusedThenForced(["trace", "export", Self.demo, "--format", "chrome"])
        try expectRefusedThenForced(["trace", "label", Self.demo, "--note", "n"])
        try expectRefusedThenForced(["trace", "synthesize", "--events", "10"])
    }

    /// Bench's `--json` is written by ``OutputFile/write(_:to:force:)`` with its `--force`, as every
    /// output is; what bench adds is refusing before minutes of measuring, not after.
    @Test func benchJSONIsRefusedBeforeMeasuringWithoutForceAndAsAFolderEvenWithIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (arguments, message) in [(["--json", folder + "/existing"], "\(folder)/existing: already exists; not replaced (give --force to replace it)"),
                                     (["--json", folder + "/link"], "\(folder)/link: is a symbolic link; not replaced (give --force to replace it)"),
                                     (["--json", folder, "--force"], "\(folder): is a folder; give a file name")] {
            let (code, capture) = Console.capturing { GestureLab.run(["bench"] + arguments) }
            #expect(code == .badInput)
            #expect(capture.output.isEmpty)
            #expect(capture.error == "gesture-lab: \(message)\n")
        }
        #expect(Self.text(folder + "/existing") == "mine")
    }

    @Test func importRefusesToReplace() throws {
        let folder = try ImportCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectRefusedThenForced(["import", "evemu", folder.appendingPathComponent("rec.event").path])
        try expectRefusedThenForced(["import", "dollar1", folder.appendingPathComponent("stroke.xml").path])
    }

    @Test func renderIntoAFolderNeitherReplacesNorFollowsLinks() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = folder + "/frames"
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        try Data("my sheet".utf8).write(to: URL(fileURLWithPath: frames + "/contact-sheet.png"))
        try FileManager.default.createSymbolicLink(atPath: frames + "/frame-00000.png", withDestinationPath: folder + "/victim.txt")
        #expect(GestureLab.run(["render", Self.demo, "--out", frames, "--fps", "2"]) == .badInput)
        #expect(Self.text(folder + "/victim.txt") == "victim")
        #expect(Self.text(frames + "/contact-sheet.png") == "my sheet")
        try FileManager.default.removeItem(atPath: frames + "/frame-00000.png")
        #expect(GestureLab.run(["render", Self.demo, "--out", frames, "--fps", "2"]) == .badInput)
        #expect(Self.text(frames + "/contact-sheet.png") == "my sheet")
        #expect(GestureLab.run(["render", Self.demo, "--out", frames, "--fps", "2", "--force"]) == .success)
        #expect(Self.text(frames + "/contact-sheet.png") != "my sheet")
    }

    @Test func labelInPlaceWritesTheFileBehindALink() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = folder + "/real.json"
        try FileManager.default.copyItem(atPath: Self.demo, toPath: real)
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.json", withDestinationPath: real)
        #expect(GestureLab.run(["trace", "label", folder + "/alias.json", "--in-place", "--note", "relabelled"]) == .success)
        #expect(Self.isLink(folder + "/alias.json"))
        #expect(try Trace.load(path: real).header.notes == "relabelled")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test func aFailedWriteLeavesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        struct Failure: Error {}
        #expect(throws: Failure.self) { try OutputFile.write(folder + "/new", force: false) { _ in throw Failure() } }
        #expect(!FileManager.default.fileExists(atPath: folder + "/new"))
        #expect(throws: Failure.self) { try OutputFile.write(folder + "/existing", force: true) { _ in throw Failure() } }
        #expect(Self.text(folder + "/existing") == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["existing", "link", "victim.txt"])
    }
}

@Suite("The demo from any working folder")
struct DemoLocationTests {
    @Test func theDemoRecordingIsFoundFromTheProgramsPath() throws {
        let executable = packageRoot.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release/gesture-lab").path
        #expect(try DemoCommand.bundledTrace(workingFolder: "/", executable: executable)
                == packageRoot.appendingPathComponent("recordings/demo.json").path)
        #expect(try DemoCommand.bundledTrace(workingFolder: packageRoot.path, executable: "/usr/bin/gesture-lab") == "recordings/demo.json")
        #expect(throws: InputError.self) { try DemoCommand.bundledTrace(workingFolder: "/", executable: "/usr/bin/gesture-lab") }
    }
}
