import Dispatch
import Foundation
@testable import Plumbing
import Testing
import Traces

/// The program runs on FoundationEssentials alone (Foundation's library adds some 5 ms to every
/// launch), so the few things it took from Foundation are its own now. Each is held here to
/// Foundation's own answers, which the tests may still use: asked at run time, or for paths
/// written out (corelibs' `deletingLastPathComponent` crashed here when tests ran in parallel).
@Suite("Foundation's helpers, replaced")
struct SystemHelpersTests {
    /// Path, last component, without it, extension, without the extension: NSString's answers
    /// (runs of slashes taken as one).
    static let splits: [(path: String, last: String, parent: String, pathExtension: String, stem: String)] = [
        ("", "", "", "", ""),
        ("/", "/", "/", "", "/"),
        ("a", "a", "", "", "a"),
        ("a/", "a", "", "", "a"),
        ("/a", "a", "/", "", "/a"),
        ("/a/b/", "b", "/a", "", "/a/b"),
        ("a//b", "b", "a", "", "a/b"),
        ("./a", "a", ".", "", "./a"),
        ("../a/b.json", "b.json", "../a", "json", "../a/b"),
        ("/tmp/scratch.tiff", "scratch.tiff", "/tmp", "tiff", "/tmp/scratch"),
        ("/tmp/", "tmp", "/", "", "/tmp"),
        ("scratch///", "scratch", "", "", "scratch"),
        ("/tmp/scratch..tiff", "scratch..tiff", "/tmp", "tiff", "/tmp/scratch."),
        ("/tmp/.hidden", ".hidden", "/tmp", "", "/tmp/.hidden"),
        ("a.b/c", "c", "a.b", "", "a.b/c"),
        ("/x/y.tar.gz", "y.tar.gz", "/x", "gz", "/x/y.tar"),
        ("é/ü.json", "ü.json", "é", "json", "é/ü"),
        ("a/..", "..", "a", "", "a/.."),
        ("..", "..", "", "", ".."),
        ("name.", "name.", "", "", "name."),
    ]

    @Test("a path splits into its last component, its folder and its extension as NSString splits it")
    func pathsSplitAsNSStringSplitsThem() {
        for split in Self.splits {
            #expect(PathName.lastComponent(split.path) == split.last, "\(split.path)")
            #expect(PathName.deletingLastComponent(split.path) == split.parent, "\(split.path)")
            #expect(PathName.pathExtension(split.path) == split.pathExtension, "\(split.path)")
            #expect(PathName.deletingPathExtension(split.path) == split.stem, "\(split.path)")
        }
    }

    @Test("a component is appended after exactly one slash")
    func appendingPutsOneSlashBetween() {
        let joins: [(folder: String, component: String, joined: String)] = [
            ("", "x", "x"), ("/", "x", "/x"), ("/tmp", "x.json", "/tmp/x.json"), ("/tmp/", "x", "/tmp/x"),
            ("out//", "sub/x", "out/sub/x"), ("a", "/x", "a/x"), ("a", "x/", "a/x/"), ("recordings", "", "recordings"),
        ]
        for join in joins {
            #expect(PathName.appending(join.component, to: join.folder) == join.joined, "\(join.folder) + \(join.component)")
        }
    }

    @Test("making folders creates the missing ones and names the reason when it cannot")
    func createFoldersMakesEveryMissingFolder() throws {
        let root = NSTemporaryDirectory() + "gesture-lab-folders-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(PathName.createFolders(root + "/a/b/c") == nil)
        #expect(PathName.isFolder(root + "/a/b/c"))
        #expect(PathName.createFolders(root + "/a/b/c") == nil, "an existing folder is fine")
        #expect(FileManager.default.createFile(atPath: root + "/file", contents: Data()))
        #expect(PathName.createFolders(root + "/file") == "Not a directory")
        #expect(PathName.createFolders(root + "/file/inside") == "Not a directory")
        #expect(!PathName.isFolder(root + "/file"))
    }

    @Test("the files under a folder are listed relative to it, without hidden ones or linked folders")
    func visibleFilesSkipHiddenEntriesAndLinkedFolders() throws {
        let root = NSTemporaryDirectory() + "gesture-lab-walk-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        for folder in ["corpus/a/b", "corpus/.git", "elsewhere"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["corpus/top.json", "corpus/a/b/deep.json", "corpus/a/notes.txt", "corpus/.hidden.json", "corpus/.git/x.json", "elsewhere/out.json"] {
            #expect(manager.createFile(atPath: root + "/" + file, contents: Data("{}".utf8)))
        }
        try manager.createSymbolicLink(atPath: root + "/corpus/linked", withDestinationPath: root + "/elsewhere")
        try manager.createSymbolicLink(atPath: root + "/corpus/alias.json", withDestinationPath: root + "/elsewhere/out.json")
        #expect((try? PathName.visibleFiles(under: root + "/corpus").get())?.sorted() == ["a/b/deep.json", "a/notes.txt", "alias.json", "linked", "top.json"])
        switch PathName.visibleFiles(under: root + "/missing") {
        case .success(let files): Issue.record("a missing folder listed \(files)")
        case .failure(let error): #expect(error.reason == "No such file or directory")
        }
    }

    @Test("escaping replaces every scalar, a quote followed by a combining mark included")
    func replacingEveryFindsScalarsInsideCharacters() {
        #expect("it's".replacingEvery("'", with: "'\\''") == "it'\\''s")
        #expect("a'\u{301}b".replacingEvery("'", with: "Q") == "aQ\u{301}b")
        #expect("a|\u{20DD}|".replacingEvery("|", with: "\\|") == "a\\|\u{20DD}\\|")
        #expect("".replacingEvery("#", with: "x") == "")
    }

    @Test("padding to a column is NSString's padding, cutting what is longer")
    func paddedMatchesNSStringPadding() {
        for text in ["", "a", "name", "exactly-eight", "résumé", "📱 phone", "tuned"] {
            for length in [0, 1, 4, 8, 13, 20] {
                #expect(text.padded(toLength: length) == text.padding(toLength: length, withPad: " ", startingAt: 0), "\(text) to \(length)")
                #expect(text.padded(toLength: length, with: "0") == text.padding(toLength: length, withPad: "0", startingAt: 0), "\(text) to \(length)")
            }
        }
    }

    @Test("trimming takes the spaces and tabs at either end and nothing else")
    func trimmingTakesSpacesAndTabsOnly() {
        let cases: [(text: String, trimmed: String)] = [
            ("", ""), (" ", ""), ("\t", ""), (" a ", "a"), ("\ta b\t", "a b"), ("\n", "\n"), (" \n ", "\n"),
            ("\u{00A0}x\u{2003}", "\u{00A0}x\u{2003}"), ("  model name\t: AMD EPYC  ", "model name\t: AMD EPYC"),
        ]
        for (text, trimmed) in cases {
            #expect(String(text.trimmingSpacesAndTabs()) == trimmed, "\(text.debugDescription)")
            #expect(String(text[...].trimmingSpacesAndTabs()) == trimmed, "\(text.debugDescription) as a substring")
        }
    }

    @Test("left padding puts spaces before a number to the width, and nothing when it is wider")
    func leftPaddedRightAlignsColumns() {
        #expect("42".leftPadded(4) == "  42")
        #expect("12345".leftPadded(4) == "12345")
        #expect("".leftPadded(2) == "  ")
    }

    @Test("C formats give String(format:)'s text")
    func cFormatMatchesStringFormat() {
        for index in [0, 7, 42, 99_999, 123_456] {
            #expect(CFormat.string("frame-%05ld.png", index) == String(format: "frame-%05ld.png", index))
        }
        for value in [0.0, 0.125, 0.375, -0.001, 1.005, 2.675, 1234.5678, -3.14159] {
            #expect(CFormat.string("%.2f", value) == String(format: "%.2f", value), "\(value)")
        }
        let long = CFormat.string("%0200ld", 7)
        #expect(long.count == 200 && long.hasSuffix("07") && long.allSatisfy { $0 == "0" || $0 == "7" })
    }

    @Test("the lock keeps counts exact across threads")
    func lockKeepsCountsExact() {
        let lock = Lock()
        nonisolated(unsafe) var count = 0
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { lock.withLock { count += 1 } }
        }
        #expect(count == 80_000)
    }

    @Test("a detached thread runs its body")
    func detachedThreadRuns() {
        let done = DispatchSemaphore(value: 0)
        let ran = Lock()
        nonisolated(unsafe) var value = 0
        #expect(DetachedThread.start {
            ran.withLock { value = 42 }
            done.signal()
        })
        done.wait()
        #expect(ran.withLock { value } == 42)
    }
}
