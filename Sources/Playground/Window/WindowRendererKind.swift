/// Which of SDL's renderers draws the window.
package enum WindowRendererKind: String, CaseIterable, Sendable {
    /// SDL's accelerated renderer (OpenGL; llvmpipe when there is no GPU), waiting for the
    /// display's refresh on present.
    case accelerated
    /// SDL's software renderer: the window's pixels go straight to the display server, and
    /// the window paces its own frames at the display's refresh rate.
    case software
}
