// GhostframeTools: the seeds' ready-made pieces, each a tool a host calls with its own geometry
// and that produces an ordinary scene to sample and draw (issue 15): the preload overlay (seed
// 003), scrubbing and the pull-to-refresh control (seed 003), and the expanding-card transition
// (seed 004). On Core; see docs/architecture.md.
