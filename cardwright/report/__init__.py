"""Balance reports for designers: ``cardwright report GAME --from STORE --output report.html``.

:mod:`.data` asks the game store (:mod:`cardwright.sim.store`) for the numbers with SQL,
:mod:`.summary` picks what the summary says, :mod:`.compare` sets two runs side by side
(``--against``), :mod:`.charts` draws with Plotly, :mod:`.sections` and :mod:`.compare_page`
write the page's sections on :mod:`.layout`'s tables and charts (each with its CSV), :mod:`.page`
writes one self-contained HTML file and :mod:`.build` ties them together; :mod:`.browser` opens
a report in headless Chromium. This package imports nothing itself, so the command line starts
fast.
"""
