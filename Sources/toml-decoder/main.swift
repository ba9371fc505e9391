print("toml")
