/// LeakSanitizer reads its default suppressions from this function when the tests are built
/// with `--sanitize address`: XCTest's runner keeps its suite objects until the process exits
/// (the tests here use Swift Testing), and that is not the project's code. Everything else
/// stays checked for leaks.
@_cdecl("__lsan_default_suppressions")
public func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
    let suppressions: StaticString = "leak:libXCTest.so\n"
    return UnsafeRawPointer(suppressions.utf8Start).assumingMemoryBound(to: CChar.self)
}
