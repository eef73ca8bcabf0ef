"""Jupyter's kernel conformance suite (jupyter_kernel_test) run against peerbook.

Every sample attribute of jupyter_kernel_test.KernelTests is filled in for Go, plus tests of
what the suite does not cover: stdin (input_request), interrupt, user_expressions and
execution counts. Run it through run.sh, which installs the kernelspec into a temporary
Jupyter path first.
"""

import os
import time
import unittest
from queue import Empty

import jupyter_kernel_test
from jupyter_client.utils import run_sync
from jupyter_kernel_test.msgspec_v5 import schema_fragments, validate_message

# jupyter_kernel_test 0.4.5 (Debian's) describes input_request.password as a number, while
# the messaging spec says boolean, which is what peerbook sends. Check against the spec.
if schema_fragments.get("input_request", {}).get("properties", {}).get("password", {}).get("type") == "number":
    schema_fragments["input_request"]["properties"]["password"] = {"type": "boolean"}

KERNEL_NAME = os.environ.get("PEERBOOK_KERNEL_NAME", "peerbook")


class PeerbookKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = KERNEL_NAME

    language_name = "go"
    file_extension = ".go"

    code_hello_world = 'import "fmt"\nfmt.Println("hello, world")'

    code_stderr = 'import (\n\t"fmt"\n\t"os"\n)\nfmt.Fprintln(os.Stderr, "to stderr")'

    # Matches are the completed identifier (cursor_start is its start).
    completion_samples = [
        {"text": 'import "fmt"\nfmt.Sprintl', "matches": {"Sprintln"}},
        {"text": "fallthro", "matches": {"fallthrough"}},
        {"text": 'import "strings"\nstrings.ToUpperSpe', "matches": {"ToUpperSpecial"}},
    ]

    complete_code_samples = [
        "x := 1",
        'import "fmt"\nfmt.Println(1)',
        "func f() int { return 1 }",
        "for i := 0; i < 3; i++ {\n}",
        "",
    ]
    incomplete_code_samples = [
        "func f() {",
        "for i := 0; i < 3; i++ {",
        "s := []int{1,\n2,",
        'x := "unterminated',
    ]
    invalid_code_samples = [
        "x := )",
        "func f() }",
        "}",
    ]

    # name? opens the pager with the documentation of name.
    code_page_something = 'import "fmt"\nfmt.Println?'

    code_generate_error = 'panic("this cell fails")'

    code_execute_result = [
        {"code": "1+2+3", "result": "6"},
        {"code": "6*7", "result": "42"},
        {"code": "[]int{1, 2, 3}", "result": "[1 2 3]"},
    ]

    code_display_data = [
        {"code": 'import "github.com/peerbook/peerbook/display"\ndisplay.Display(display.HTML("<b>bold</b>"))',
         "mime": "text/html"},
        {"code": 'import (\n\t"image"\n\t"github.com/peerbook/peerbook/display"\n)\n'
                 'display.Display(image.NewRGBA(image.Rect(0, 0, 8, 8)))',
         "mime": "image/png"},
    ]

    # Matches "6*7" only (a glob: the whole input must match).
    code_history_pattern = "6?7"
    supported_history_operations = ("tail", "range", "search")

    code_inspect_sample = 'import "fmt"\nfmt.Println'

    code_clear_output = 'import "github.com/peerbook/peerbook/display"\ndisplay.ClearOutput(false)'

    # Not in jupyter_kernel_test 0.4.5; used by test_input_request below.
    code_input = 'import "fmt"\nvar name string\nfmt.Scanln(&name)\nfmt.Println("hello, " + name)'

    # --- tests beyond the suite ------------------------------------------------------

    def execute_with(self, code, timeout=30, **kw):
        msg_id = self.kc.execute(code=code, **kw)
        reply = self.get_non_kernel_info_reply(timeout=timeout)
        validate_message(reply, "execute_reply", msg_id)
        msgs = []
        while True:
            msg = run_sync(self.kc.iopub_channel.get_msg)(timeout=timeout)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            validate_message(msg, msg["msg_type"], msg_id)
            msgs.append(msg)
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return reply, msgs

    def test_input_request(self):
        self.flush_channels()
        msg_id = self.kc.execute(code=self.code_input, allow_stdin=True)
        req = run_sync(self.kc.stdin_channel.get_msg)(timeout=30)
        validate_message(req, "input_request", msg_id)
        self.kc.input("gopher")
        reply = self.get_non_kernel_info_reply(timeout=30)
        validate_message(reply, "execute_reply", msg_id)
        self.assertEqual(reply["content"]["status"], "ok")
        text = ""
        while True:
            msg = run_sync(self.kc.iopub_channel.get_msg)(timeout=5)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                text += msg["content"]["text"]
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        self.assertIn("hello, gopher", text)

    def test_interrupt_keeps_state(self):
        self.flush_channels()
        self.execute_with("kept := 41")
        msg_id = self.kc.execute(code="for {\n}")
        time.sleep(0.5)
        self.km.interrupt_kernel()
        start = time.time()
        reply = self.get_non_kernel_info_reply(timeout=10)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        self.assertLess(time.time() - start, 2.0)
        self.assertEqual(reply["content"]["status"], "error")
        self.flush_channels()
        reply, msgs = self.execute_with("kept + 1")
        self.assertEqual(reply["content"]["status"], "ok")
        results = [m for m in msgs if m["msg_type"] == "execute_result"]
        self.assertEqual(results[0]["content"]["data"]["text/plain"], "42")

    def test_execution_count_and_silent(self):
        self.flush_channels()
        reply, _ = self.execute_with("1")
        n = reply["content"]["execution_count"]
        reply, msgs = self.execute_with("2", silent=True)
        self.assertEqual(reply["content"]["execution_count"], n)
        self.assertEqual([m["msg_type"] for m in msgs], ["status", "status"])
        reply, _ = self.execute_with("3")
        self.assertEqual(reply["content"]["execution_count"], n + 1)

    def test_user_expressions(self):
        self.flush_channels()
        self.execute_with("ue := 5")
        reply, _ = self.execute_with("ue++", user_expressions={"doubled": "ue * 2"})
        self.assertEqual(reply["content"]["status"], "ok")
        ue = reply["content"]["user_expressions"]["doubled"]
        self.assertEqual(ue["status"], "ok")
        self.assertEqual(ue["data"]["text/plain"], "12")

    def test_stop_on_error_aborts_queue(self):
        self.flush_channels()
        # The failing cell runs long enough for the other two to be queued behind it.
        failing = 'import "time"\ntime.Sleep(200 * time.Millisecond)\npanic("first")'
        ids = [self.kc.execute(code=failing), self.kc.execute(code="1"), self.kc.execute(code="2")]
        statuses = {}
        while len(statuses) < 3:
            reply = self.get_non_kernel_info_reply(timeout=30)
            statuses[reply["parent_header"]["msg_id"]] = reply["content"]["status"]
        self.assertEqual([statuses[i] for i in ids], ["error", "aborted", "aborted"])

    def test_comm_info_and_unknown_comm(self):
        self.flush_channels()
        msg = self.kc.session.msg("comm_info_request", {})
        self.kc.shell_channel.send(msg)
        reply = self.get_non_kernel_info_reply(timeout=10)
        validate_message(reply, "comm_info_reply", msg["header"]["msg_id"])
        self.assertEqual(reply["content"]["comms"], {})
        msg = self.kc.session.msg("comm_open", {"comm_id": "c-1", "target_name": "nobody", "data": {}})
        self.kc.shell_channel.send(msg)
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                m = run_sync(self.kc.iopub_channel.get_msg)(timeout=1)
            except Empty:
                continue
            if m["msg_type"] == "comm_close":
                self.assertEqual(m["content"]["comm_id"], "c-1")
                return
        self.fail("comm_open to an unknown target was not closed")


if __name__ == "__main__":
    unittest.main()
