"""What changed between two versions of a site's games (``rollwright diff``, the "What changed" page).

Each version is evaluated in a process of its own (:mod:`.snapshot`: two versions of one game have the
same module names) into a JSON snapshot of its answers; :mod:`.compare` diffs two snapshots, :mod:`.report`
writes the result as text or Markdown, and :mod:`.versions` turns a folder or a git revision into a snapshot,
cached per revision.
"""
