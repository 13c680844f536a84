@testable import Lab
@testable import SDLFront
import Testing

@Suite("Window renderer chosen by measurement")
struct WindowRendererChoiceTests {
    @Test func softwareIsChosenOnlyWhenClearlyFaster() {
        let llvmpipe = WindowRendererChoice(frameSeconds: [.accelerated: 0.016, .software: 0.002])
        #expect(llvmpipe.kind == .software)
        #expect(llvmpipe.summary == "software (measured: 2.0 ms a frame, accelerated 16.0 ms)")
        // Within ten per cent the accelerated renderer keeps its place.
        let nearTie = WindowRendererChoice(frameSeconds: [.accelerated: 0.010, .software: 0.0095])
        #expect(nearTie.kind == .accelerated)
        #expect(nearTie.summary == "accelerated (measured: 10.0 ms a frame, software 9.5 ms)")
    }

    @Test func aRendererThatCouldNotBeTimedIsNotChosen() {
        #expect(WindowRendererChoice(frameSeconds: [.software: 0.002]).kind == .software)
        #expect(WindowRendererChoice(frameSeconds: [.accelerated: 0.002]).kind == .accelerated)
        #expect(WindowRendererChoice(frameSeconds: [:]).kind == .accelerated)
    }

    @Test func aRendererAskedForByNameIsSaidPlainly() {
        #expect(WindowRendererChoice(kind: .software).summary == "software")
        #expect(RendererOption.values == ["auto", "accelerated", "software"])
    }

    @Test func withoutAGPUDeviceTheSoftwareRendererIsTakenUntimed() {
        let choice = WindowRendererChoice(withoutGPU: ())
        #expect(choice.kind == .software)
        #expect(choice.frameSeconds.isEmpty)
        #expect(choice.summary == "software (no GPU device: /dev/dri has no render node, so OpenGL would draw on the CPU)")
    }

    @Test func gpuDevicesAreRenderNodesAndNVIDIAsNumberedDevices() {
        #expect(WindowRendererChoice.gpuDevices(driNames: ["card0", "renderD129", "renderD128", "by-path"],
                                                devNames: ["null", "nvidia0", "nvidiactl", "nvidia-uvm", "nvidia", "tty1"])
                == ["/dev/dri/renderD128", "/dev/dri/renderD129", "/dev/nvidia0"])
        #expect(WindowRendererChoice.gpuDevices(driNames: ["card0"], devNames: ["null", "nvidiactl"]).isEmpty)
        #expect(WindowRendererChoice.gpuDevices(driNames: [], devNames: []).isEmpty)
    }
}
