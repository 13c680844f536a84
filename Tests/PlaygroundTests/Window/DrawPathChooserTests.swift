@testable import Playground
import Testing

/// The window draws its layers by whichever path the frames it draws measure faster.
@Suite("Draw path chosen by measurement")
struct DrawPathChooserTests {
    /// Runs a whole trial: every frame drawn with the path the chooser asks for, taking the
    /// seconds `cost` gives that path on that frame.
    static func trial(_ chooser: inout DrawPathChooser, cost: (DrawPathChooser.Path, Int) -> Double) -> [DrawPathChooser.Path] {
        var used: [DrawPathChooser.Path] = []
        var frame = 0
        while chooser.chosen == nil && frame < 1000 {
            let path = chooser.nextPath
            used.append(path)
            chooser.record(path, seconds: cost(path, frame))
            frame += 1
        }
        return used
    }

    @Test func theTrialAlternatesBothPathsStartingWithThePreferredOne() {
        var chooser = DrawPathChooser(preferring: .meshes)
        let used = Self.trial(&chooser) { _, _ in 0.005 }
        let perPath = DrawPathChooser.warmUpFrames + DrawPathChooser.trialFrames
        #expect(used.count == 2 * perPath)
        #expect(Array(used.prefix(4)) == [.meshes, .rasterizer, .meshes, .rasterizer])
        // A tie keeps the preferred path.
        #expect(chooser.chosen == .meshes)
        #expect(chooser.summary == "SDL meshes: 5.0 ms a frame, own rasteriser 5.0 ms")
    }

    @Test func aClearlyFasterPathReplacesThePreferredOne() {
        var chooser = DrawPathChooser(preferring: .meshes)
        // Meshes cost 13 ms, the rasteriser 4 ms, after warm-up frames of 80 ms each.
        _ = Self.trial(&chooser) { path, frame in frame < 2 * DrawPathChooser.warmUpFrames ? 0.080 : (path == .meshes ? 0.013 : 0.004) }
        #expect(chooser.chosen == .rasterizer)
        #expect(chooser.nextPath == .rasterizer)
        #expect(chooser.summary == "own rasteriser: 4.0 ms a frame, SDL meshes 13.0 ms")
    }

    @Test func aDecisiveGapEndsTheTrialAfterFiveCountedFramesOfEach() {
        var chooser = DrawPathChooser(preferring: .rasterizer)
        let used = Self.trial(&chooser) { path, _ in path == .rasterizer ? 0.005 : 0.014 }
        #expect(used.count == 2 * (DrawPathChooser.warmUpFrames + DrawPathChooser.decisiveFrames))
        #expect(used.count == 16)
        #expect(chooser.chosen == .rasterizer)
        #expect(chooser.summary == "own rasteriser: 5.0 ms a frame, SDL meshes 14.0 ms")
    }

    @Test func oneOverlappingFrameKeepsTheTrialGoingToTheEnd() {
        var chooser = DrawPathChooser(preferring: .rasterizer)
        // The fifth counted rasteriser frame (frame 14) is as slow as the meshes.
        let used = Self.trial(&chooser) { path, frame in path == .meshes ? 0.014 : (frame == 14 ? 0.014 : 0.005) }
        #expect(used.count == 2 * (DrawPathChooser.warmUpFrames + DrawPathChooser.trialFrames))
        #expect(chooser.chosen == .rasterizer)
    }

    @Test func aGapUnderTheRequiredGainDoesNotEndTheTrialEarly() {
        var chooser = DrawPathChooser(preferring: .rasterizer)
        // Every rasteriser frame beats every mesh frame, but by 9 per cent only.
        let used = Self.trial(&chooser) { path, _ in path == .rasterizer ? 0.0091 : 0.0100 }
        #expect(used.count == 2 * (DrawPathChooser.warmUpFrames + DrawPathChooser.trialFrames))
        #expect(chooser.chosen == .rasterizer)
    }

    @Test func aGainUnderTenPerCentDoesNotFlipTheChoice() {
        var chooser = DrawPathChooser(preferring: .rasterizer)
        _ = Self.trial(&chooser) { path, _ in path == .rasterizer ? 0.0100 : 0.0091 }
        #expect(chooser.chosen == .rasterizer)
        var faster = DrawPathChooser(preferring: .rasterizer)
        let used = Self.trial(&faster) { path, _ in path == .rasterizer ? 0.0100 : 0.0089 }
        #expect(faster.chosen == .meshes)
        // Every frame apart by 11 per cent: decisive, so the trial ends early.
        #expect(used.count == 16)
    }

    @Test func theMedianIgnoresAFewSlowFrames() {
        var chooser = DrawPathChooser(preferring: .meshes)
        // Every fifth rasteriser frame stalls for 50 ms; its median is still 3 ms against 6 ms.
        _ = Self.trial(&chooser) { path, frame in path == .meshes ? 0.006 : (frame % 10 == 1 ? 0.050 : 0.003) }
        #expect(chooser.chosen == .rasterizer)
    }

    @Test func restartingMeasuresAgainForANewTransitionOrSize() {
        var chooser = DrawPathChooser(preferring: .meshes)
        _ = Self.trial(&chooser) { path, _ in path == .meshes ? 0.013 : 0.004 }
        #expect(chooser.chosen == .rasterizer)
        chooser.restart(preferring: .meshes)
        #expect(chooser.chosen == nil)
        #expect(chooser.summary == "SDL meshes (measuring both paths)")
        _ = Self.trial(&chooser) { path, _ in path == .meshes ? 0.004 : 0.013 }
        #expect(chooser.chosen == .meshes)
    }

    @Test func framesAtRestUseThePreferredPathUntilATrialHasChosen() {
        var chooser = DrawPathChooser(preferring: .rasterizer)
        #expect(chooser.pathAtRest == .rasterizer)
        _ = Self.trial(&chooser) { path, _ in path == .meshes ? 0.004 : 0.013 }
        #expect(chooser.chosen == .meshes)
        #expect(chooser.pathAtRest == .meshes)
        var broken = DrawPathChooser(preferring: .rasterizer)
        broken.markUnavailable(.rasterizer)
        broken.restart(preferring: .rasterizer)
        #expect(broken.pathAtRest == .meshes)
    }

    @Test func aPathThatCannotDrawIsLeftOutForGood() {
        var chooser = DrawPathChooser(preferring: .rasterizer)
        chooser.markUnavailable(.rasterizer)
        #expect(chooser.chosen == .meshes)
        #expect(chooser.nextPath == .meshes)
        chooser.restart(preferring: .rasterizer)
        #expect(chooser.chosen == .meshes)
        #expect(chooser.summary == "SDL meshes")
    }
}
