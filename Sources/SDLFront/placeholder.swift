print("gesture-lab")
