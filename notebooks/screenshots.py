"""Screenshots of a tutorial as a user sees it in Jupyter.

Starts Debian's jupyter-notebook with the peerbook kernelspec, opens a tutorial in headless
Chromium, runs all its cells there (Cell > Run All), waits for the kernel to go idle, and
saves screenshots of the page and of every rich output (pictures, tables, progress bars: progress bars are found by their style).

    python3 notebooks/screenshots.py PEERBOOK JUPYTER_PATH NOTEBOOK OUTDIR [untrusted]

With "untrusted", NOTEBOOK is one `peerbook run -o` executed: it is opened as it is, its
cells not run, so Jupyter shows its outputs untrusted (no scripts, SVG hidden, HTML
sanitised), as a notebook someone else executed opens. The page's pictures must then be
the PNGs (counted and printed).

notebooks/screenshots.sh prepares the arguments; run that.
"""

import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket  # Debian: python3-websocket

# Rich outputs are captured one by one, at most this many per notebook.
MAX_SHOTS = 20

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except Exception:
            time.sleep(0.3)
    raise SystemExit(f"screenshots: {url} did not answer within {timeout} s")


class Page:
    """A Chromium tab driven through the DevTools protocol."""

    def __init__(self, ws_url):
        self.ws = websocket.create_connection(ws_url, timeout=120)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    def js(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        return r.get("result", {}).get("value")

    def shot(self, path, clip=None):
        params = {"format": "png", "captureBeyondViewport": True}
        if clip:
            params["clip"] = dict(clip, scale=1)
        data = self.call("Page.captureScreenshot", **params)["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
        print("saved", path)


def main():
    if len(sys.argv) not in (5, 6) or (len(sys.argv) == 6 and sys.argv[5] != "untrusted"):
        raise SystemExit(__doc__)
    peerbook, jupyter_path, notebook, outdir = sys.argv[1:5]
    untrusted = len(sys.argv) == 6
    os.makedirs(outdir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="peerbook-shots-")
    shutil.copy(notebook, work)
    name = os.path.basename(notebook)
    env = dict(os.environ, JUPYTER_PATH=jupyter_path, JUPYTER_DATA_DIR=os.path.join(work, "data"),
               JUPYTER_RUNTIME_DIR=os.path.join(work, "runtime"), PEERBOOK_HISTORY="none")
    port, debug_port = free_port(), free_port()
    token = "peerbook"
    server = subprocess.Popen(
        ["jupyter-notebook", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
         f"--NotebookApp.token={token}", f"--notebook-dir={work}", "--allow-root"],
        env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "server.log"), "w"))
    chrome = None
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(f"{base}/api?token={token}")
        chrome = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             f"--user-data-dir={os.path.join(work, 'chrome')}", f"--remote-debugging-port={debug_port}", "--remote-allow-origins=*",
             "--window-size=1280,2400", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_http(f"http://127.0.0.1:{debug_port}/json/version")
        tabs = json.load(urllib.request.urlopen(f"http://127.0.0.1:{debug_port}/json"))
        page = Page([t for t in tabs if t["type"] == "page"][0]["webSocketDebuggerUrl"])
        page.call("Page.enable")
        # Jupyter scrolls inside the page, not the window: a tall viewport lets a whole
        # output be captured once it is scrolled into view.
        page.call("Emulation.setDeviceMetricsOverride", width=1280, height=2400, deviceScaleFactor=1, mobile=False)
        page.call("Page.navigate", url=f"{base}/notebooks/{name}?token={token}&kernel_name=peerbook-shots")
        deadline = time.time() + 60
        while not page.js("!!(window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected())"):
            if time.time() > deadline:
                raise SystemExit("screenshots: the notebook's kernel did not connect")
            time.sleep(0.5)
        # Script errors of the outputs (a timeline's zoom script) fail the run.
        page.js("window.__pbErrors = []; window.addEventListener('error', e => window.__pbErrors.push(String(e.message) + ' at ' + e.filename + ':' + e.lineno));")
        if untrusted:
            trusted = page.js("Jupyter.notebook.trusted")
            if trusted:
                raise SystemExit(f"screenshots: {name} opened trusted; want untrusted")
        else:
            page.js("Jupyter.notebook.execute_all_cells()")
        deadline = time.time() + 300
        time.sleep(1)
        while page.js("Jupyter.notebook.get_cells().some(c => c.element && c.element.hasClass('running'))"):
            if time.time() > deadline:
                raise SystemExit("screenshots: cells still running after 300 s")
            time.sleep(0.5)
        errors = page.js("document.querySelectorAll('.output_error').length")
        page.shot(os.path.join(outdir, name.replace(".ipynb", "-untrusted-page.png" if untrusted else "-page.png")))
        count = page.js("""(() => { window.__pbOuts = [...document.querySelectorAll('.output_subarea')]
            .filter(e => e.querySelector('svg, img, table, progress, div[style*="border-radius:6px"]'));
            return window.__pbOuts.length; })()""")
        stem = name.replace(".ipynb", "") + ("-untrusted" if untrusted else "")
        if untrusted:
            pics = page.js("""(() => ({pngs: document.querySelectorAll('.output_subarea img[src^="data:image/png"]').length,
                svgs: document.querySelectorAll('.output_subarea svg').length}))()""")
            print(f"{name} untrusted: {pics['pngs']} PNG pictures shown, {pics['svgs']} inline SVGs")
        for i in range(min(count, MAX_SHOTS)):
            rect = page.js(f"""(() => {{ const e = window.__pbOuts[{i}]; e.scrollIntoView();
                const r = e.getBoundingClientRect();
                return {{x: r.left, y: r.top, width: Math.max(r.width, 50), height: Math.min(Math.max(r.height, 20), 2300)}}; }})()""")
            page.shot(os.path.join(outdir, f"{stem}-output-{i + 1:02d}.png"), rect)
        # Each timeline zooms when a range is dragged over it (its axis changes), and back.
        timelines = page.js("""(() => { const ts = [...document.querySelectorAll('.peerbook-timeline')];
            let zoomed = 0;
            ts.forEach(t => { const svg = t.querySelector('svg'), axis = t.querySelector('.pbtl-axis');
                if (!svg || !axis) return;
                svg.scrollIntoView();
                const before = axis.textContent, r = svg.getBoundingClientRect();
                const x0 = r.left + r.width * 0.3, x1 = r.left + r.width * 0.5, y = r.top + r.height * 0.5;
                svg.dispatchEvent(new MouseEvent('mousedown', {clientX: x0, clientY: y, bubbles: true}));
                svg.dispatchEvent(new MouseEvent('mousemove', {clientX: x1, clientY: y, bubbles: true}));
                window.dispatchEvent(new MouseEvent('mouseup', {clientX: x1, clientY: y, bubbles: true}));
                if (axis.textContent !== before) zoomed++;
                svg.dispatchEvent(new MouseEvent('dblclick', {bubbles: true}));
            });
            return {count: ts.length, zoomed: zoomed, errors: window.__pbErrors}; })()""")
        print(f"{name}: {count} rich outputs, {errors} failed cells, {timelines['count']} timelines "
              f"({timelines['zoomed']} zoomed), script errors: {timelines['errors']}")
        if untrusted:
            return
        if errors:
            raise SystemExit(f"screenshots: {errors} cell(s) of {name} failed in Jupyter")
        if timelines["errors"] or timelines["zoomed"] != timelines["count"]:
            raise SystemExit(f"screenshots: timelines of {name}: {timelines}")
    finally:
        if chrome:
            chrome.kill()
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
