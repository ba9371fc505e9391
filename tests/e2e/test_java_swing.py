"""Java Swing (OpenJDK 17) with the default configuration, under openbox with xvkbd across the bottom and with a
docked onboard: a form of text fields (tests/fixtures/SwingForm.java, run by the installed JDK as a single-file
program).

With the ATK wrapper (java-atk-wrapper 0.40, libatk-wrapper-java) loaded as the JVM's assistive technology, Swing
joins the bus: each JTextField is an editable, single-line accessible with exact screen extents (field-1 of a form
whose client is 398x275+101+490 at 398x42+101+491); the frame's own extents are -1 (unknown), so the window is
found by its _NET_WM_PID and the field's containment. Without it (the JVM's default on Debian 12: the line in
/etc/java-17-openjdk/accessibility.properties is commented out) Swing is not on the bus: the daemon falls back to
the pointer band around the tap, and says so in its decision lines and in `oskshift status`.
"""
import json
import subprocess

import compatibility
from daemon import MARGIN
from e2e_case import is_acting
from keyboards import Onboard, Xvkbd
from office_clients import AccessibleDesktopTestCase, SwingForm
from waiting import wait_for

# The frame's geometry (Swing's setBounds): six 42 px fields, the lower ones under either keyboard.
FORM_AT_BOTTOM = ("--fields", "6", "--geometry", "400x300+100+470")
FALLBACK = "the pointer band around the last press: its application is not on the accessibility bus"


class JavaSwingWithXvkbd(AccessibleDesktopTestCase):
    keyboard_kind = Xvkbd

    def test_the_bottom_swing_text_field_reached_by_tab_clears_the_keyboard_and_hiding_restores_exactly(self):
        form = SwingForm(self, "swing-form", *FORM_AT_BOTTOM)
        original = form.frame()
        bottom = form.wait_field("field-6", timeout=20)["widget"]
        keyboard = self.keyboard.show()
        form.focus_by_keys("field-5", *["Tab"] * 4)
        expected = original.moved_by(0, -(bottom.bottom + MARGIN - keyboard.y))
        clear_ms = compatibility.time_until(lambda: form.key("Tab"), lambda: form.frame() == expected, timeout=8)
        self.assertFrameBecomes(form, expected, daemon=self.daemon)
        self.assertEqual(form.focused(), "field-6")
        self.assertEqual(form.field("field-6")["widget"].bottom + MARGIN, keyboard.y,
                         "field-6 ends exactly margin px above the keyboard")
        acting = [d for d in self.daemon.decisions_for(form.window) if is_acting(d)]
        self.assertEqual(acting[-1].get("source"), "widget", acting[-1]["line"])
        compatibility.record(self, "Java Swing form (tests/fixtures/SwingForm.java)", "Java Swing (OpenJDK 17)",
                             "libatk-wrapper-java", "AT-SPI (java-atk-wrapper): the text field's extents",
                             "offset above the keyboard", "Tab", clear_ms, self.keyboard)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=self.daemon)

    def test_a_swing_form_without_the_atk_wrapper_gets_the_pointer_band_and_the_log_and_status_say_why(self):
        form = SwingForm(self, "plain-swing", *FORM_AT_BOTTOM, atk_wrapper=False)
        original = form.frame()
        # The tap on field-6 (under the keyboard once it shows) while the keyboard is hidden: it focuses the field
        # and tells the pointer source where it is.
        press_y = original.y + 20 + 231 + 21  # field-6: 42 px at 231 px into the 275 px client
        form.desktop.run("xdotool", "mousemove", str(original.x + 200), str(press_y), "click", "1")
        wait_for(lambda: form.focused() == "field-6", what="field-6 focused by the tap")
        expected = self.expected_offset_frame(original, press_y, self.keyboard.rect() if self.keyboard.name == "xvkbd"
                                              else self.keyboard.docked_rect())
        clear_ms = compatibility.time_until(self.keyboard.request_show, lambda: form.frame() == expected, timeout=8)
        self.keyboard.wait_shown()
        self.assertFrameBecomes(form, expected, daemon=self.daemon)
        acting = [d for d in self.daemon.decisions_for(form.window) if is_acting(d)]
        self.assertEqual(acting[-1].get("source"), "pointer", acting[-1]["line"])
        self.assertIn("source=pointer (fallback, %s" % FALLBACK, acting[-1]["line"])
        status = subprocess.run([self.binary, "status", "--display", self.desktop.display], env=self.desktop.env,
                                capture_output=True, text=True, timeout=15)
        self.assertIn("(pointer, a fallback: %s" % FALLBACK, status.stdout)
        report = json.loads(subprocess.run([self.binary, "status", "--json", "--display", self.desktop.display],
                                           env=self.desktop.env, capture_output=True, text=True, timeout=15).stdout)
        self.assertTrue(report["focus"]["fallback"].startswith(FALLBACK), report["focus"])
        compatibility.record(self, "Java Swing form without the ATK wrapper", "Java Swing (OpenJDK 17)",
                             "openjdk-17-jre", "none (not on the bus): the tap's pointer band",
                             "offset above the keyboard", "keyboard shown", clear_ms, self.keyboard)
        self.keyboard.hide()
        self.assertFrameBecomes(form, original, daemon=self.daemon)



class JavaSwingWithDockedOnboard(JavaSwingWithXvkbd):
    keyboard_kind = Onboard
    keyboard_options = {"docked": True}
