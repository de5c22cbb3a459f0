package co.puntoverde.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
