import FoundationEssentials

/// Whether this process can open a window at all, from its environment alone.
package enum DisplayEnvironment {
    /// True when the environment names an X11 or Wayland display.
    package static var hasDisplay: Bool {
        let environment = ProcessInfo.processInfo.environment
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }
}
