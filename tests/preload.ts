// Loaded before every `bun test` file (bunfig.toml).
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
