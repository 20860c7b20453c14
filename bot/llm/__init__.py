"""Model providers behind one async protocol: OpenAI-compatible, Gemini, offline, chaos."""
