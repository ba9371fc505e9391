/// Shell-style glob matching (`*`, `?`, `[abc]`, `[a-z]`, `[!a]`), as used by `class = "firefox*"` in the
/// configuration. Case-sensitive, like WM_CLASS itself.
public func globMatches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
    var pi = 0, ti = 0
    var starP = -1, starT = 0
    while ti < t.count {
        if pi < p.count, p[pi] == "*" {
            starP = pi
            starT = ti
            pi += 1
        } else if pi < p.count, let next = matchOne(p, pi, t[ti]) {
            pi = next
            ti += 1
        } else if starP >= 0 {
            pi = starP + 1
            starT += 1
            ti = starT
        } else {
            return false
        }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
}

/// Matches one pattern element at `index` against `c`; returns the index after the element, or nil.
private func matchOne(_ p: [Unicode.Scalar], _ index: Int, _ c: Unicode.Scalar) -> Int? {
    switch p[index] {
    case "?":
        return index + 1
    case "[":
        var i = index + 1
        let negated = i < p.count && (p[i] == "!" || p[i] == "^")
        if negated { i += 1 }
        var matched = false
        var first = true
        while i < p.count, p[i] != "]" || first {
            first = false
            if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
                if p[i] <= c && c <= p[i + 2] { matched = true }
                i += 3
            } else {
                if p[i] == c { matched = true }
                i += 1
            }
        }
        guard i < p.count else { return p[index] == c ? index + 1 : nil }  // unclosed: a literal "["
        return matched != negated ? i + 1 : nil
    default:
        return p[index] == c ? index + 1 : nil
    }
}
