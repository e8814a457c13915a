"""The Nusfjord table that compiled cards run on."""
