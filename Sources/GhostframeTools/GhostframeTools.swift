// GhostframeTools: the seeds' ready-made pieces, each a tool a host calls with its own geometry
// and that produces an ordinary scene to sample and draw: the preload overlay, scrubbing and the
// pull-to-refresh control, and the expanding-card transition. On Core; see
// docs/architecture.md.
