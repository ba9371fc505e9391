@testable import AccessibilityFocus
import Testing

@Suite("What the watcher does with an application that has just joined the bus")
struct NewApplicationLookTests {
    @Test("An active window whose focus was not heard is searched, whatever the application's toolkit")
    func activeUnheardIsSearched() {
        #expect(NewApplicationLook.decide(fieldFollowed: false, ignored: false, hasActiveWindow: true) == .search)
    }

    @Test("An application without an active window yet is looked at again")
    func noActiveWindowIsLookedAtAgain() {
        #expect(NewApplicationLook.decide(fieldFollowed: false, ignored: false, hasActiveWindow: false) == .lookAgain)
    }

    @Test("An application whose field is followed already, or a keyboard's, is left alone")
    func heardOrIgnoredIsLeft() {
        for active in [true, false] {
            #expect(NewApplicationLook.decide(fieldFollowed: true, ignored: false, hasActiveWindow: active) == .leave)
            #expect(NewApplicationLook.decide(fieldFollowed: false, ignored: true, hasActiveWindow: active) == .leave)
        }
    }
}

@Suite("Whether a new application's focus search is overtaken by what it announces meanwhile")
struct NewApplicationSearchResultTests {
    typealias Kind = FocusTracker<Int>.Kind

    @Test("A finished search's result is taken only when no field of it is followed and it announced no focus since")
    func resultTakenOnlyWhenNothingNewer() {
        #expect(NewApplicationLook.takesResult(fieldFollowed: false, focusAnnouncedMeanwhile: false))
        #expect(!NewApplicationLook.takesResult(fieldFollowed: true, focusAnnouncedMeanwhile: false))
        #expect(!NewApplicationLook.takesResult(fieldFollowed: false, focusAnnouncedMeanwhile: true))
        #expect(!NewApplicationLook.takesResult(fieldFollowed: true, focusAnnouncedMeanwhile: true))
    }

    @Test("A focus on a field or a button of the searched application overtakes its search")
    func widgetFocusOfTheSameApplicationOvertakes() {
        #expect(NewApplicationLook.overtakes(focusOf: Kind.editable, pid: 40, searchedPID: 40))
        #expect(NewApplicationLook.overtakes(focusOf: Kind.other, pid: 40, searchedPID: 40))
    }

    @Test("A window's focus, or another application's, does not: it names no widget of the searched window")
    func windowOrOtherApplicationDoesNot() {
        #expect(!NewApplicationLook.overtakes(focusOf: Kind.toplevel, pid: 40, searchedPID: 40))
        #expect(!NewApplicationLook.overtakes(focusOf: Kind.editable, pid: 41, searchedPID: 40))
        #expect(!NewApplicationLook.overtakes(focusOf: Kind.other, pid: 41, searchedPID: 40))
    }
}
