"""Balance reports for designers: ``cardwright report GAME --from STORE -o report.html``.

:mod:`.data` asks the game store (:mod:`cardwright.sim.store`) for the numbers with SQL,
:mod:`.charts` draws them with Plotly, :mod:`.page` writes one self-contained HTML file and
:mod:`.build` ties them together; :mod:`.browser` opens a report in headless Chromium. This
package imports nothing itself, so the command line starts fast.
"""
