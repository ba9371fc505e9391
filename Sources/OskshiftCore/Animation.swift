/// A frame-by-frame move from one frame to another; the engine steps it on each timer tick.
struct Animation: Equatable, Sendable {
    var from: Rect
    var to: Rect
    var start: Int
    var duration: Int
    var curve: AnimationCurve

    func frame(at now: Int) -> Rect {
        let progress = duration <= 0 ? 1 : curve.apply(Double(now - start) / Double(duration))
        // Rounded half away from zero by hand: Double.rounded() would pull in libm for this Foundation-free module.
        func mix(_ a: Int, _ b: Int) -> Int {
            let delta = Double(b - a) * progress
            return a + Int(delta >= 0 ? delta + 0.5 : delta - 0.5)
        }
        return Rect(x: mix(from.x, to.x), y: mix(from.y, to.y), width: mix(from.width, to.width),
                    height: mix(from.height, to.height))
    }

    func isFinished(at now: Int) -> Bool { now - start >= duration }
}
