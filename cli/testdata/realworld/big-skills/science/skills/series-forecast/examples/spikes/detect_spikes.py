print("spikes")
